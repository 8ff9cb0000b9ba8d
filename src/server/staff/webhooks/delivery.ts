import http from 'node:http';
import https from 'node:https';
import { Webhook } from 'standardwebhooks';
import { WEBHOOKS } from '../../../contract/admin/webhooks';
import { guardedLookup, isLocalName, isRefusedAddress, literalAddress, RefusedAddress } from './address-guard';

/** One signed POST of one message to one endpoint. */
export interface OutgoingWebhook {
  /** The `webhook-id` header: the same on every attempt and redelivery of the message. */
  webhookId: string;
  url: string;
  secret: string;
  /** The JSON body `{type, timestamp, data}`, exactly as signed. */
  body: string;
}

export interface AttemptOutcome {
  delivered: boolean;
  statusCode: number | null;
  durationMs: number;
  /** At most 500 characters of a text answer. */
  snippet: string;
  error: string | null;
}

export interface DeliveryOptions {
  timeoutMs: number;
  allowPrivate: boolean;
}

/** What is read of an answer before the connection is dropped: enough for the snippet. */
const READ_LIMIT = 16 * 1024;
const TEXTUAL = /^(text\/|application\/(json|xml|problem\+json|[\w.+-]*\+(json|xml))|$)/i;

// Keep-alive agents: a busy receiver gets many messages over few connections.
const agents = { 'http:': new http.Agent({ keepAlive: true, maxSockets: 256 }), 'https:': new https.Agent({ keepAlive: true, maxSockets: 256 }) };

/**
 * Signs (Standard Webhooks: HMAC-SHA256 of `id.timestamp.body` with the whsec_ secret) and POSTs
 * the message. 2xx is delivered; any other status, a redirect (never followed), a timeout, a
 * refused or reset connection or a refused address is a failed attempt. Never throws: the outcome
 * goes to the delivery log. Errors name what happened, never the secret.
 */
export async function sendWebhook(message: OutgoingWebhook, options: DeliveryOptions): Promise<AttemptOutcome> {
  const started = performance.now();
  const failed = (error: string, statusCode: number | null = null, snippet = ''): AttemptOutcome => ({
    delivered: false,
    statusCode,
    durationMs: Math.round(performance.now() - started),
    snippet,
    error,
  });
  let url: URL;
  try {
    url = new URL(message.url);
  } catch {
    return failed('invalid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return failed('only http and https are allowed');
  const literal = literalAddress(url.hostname);
  // An IP in the URL is connected to without a lookup, so it is checked here.
  if (!options.allowPrivate && ((literal !== null && isRefusedAddress(literal)) || isLocalName(url.hostname))) return failed(new RefusedAddress(url.hostname).message);

  const timestamp = new Date();
  const signature = signerFor(message.secret).sign(message.webhookId, timestamp, message.body);
  const headers = {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(message.body),
    'user-agent': 'balloon-shop-webhooks/1',
    'webhook-id': message.webhookId,
    'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
    'webhook-signature': signature,
  };
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise<AttemptOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: AttemptOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const request = transport.request(url, { method: 'POST', headers, agent: agents[url.protocol as 'http:'], lookup: guardedLookup(options.allowPrivate) }, (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        if (size < READ_LIMIT) chunks.push(chunk);
        size += chunk.length;
        // A long answer is not read to its end: the snippet needs its start only.
        if (size > READ_LIMIT) response.destroy();
      });
      const done = () => {
        const status = response.statusCode ?? 0;
        const snippet = TEXTUAL.test(String(response.headers['content-type'] ?? '')) ? snippetOf(Buffer.concat(chunks).toString('utf8')) : '';
        const ok = status >= 200 && status < 300;
        finish({ delivered: ok, statusCode: status, durationMs: Math.round(performance.now() - started), snippet, error: ok ? null : `HTTP ${status}` });
      };
      response.on('end', done);
      response.on('close', done);
      response.on('error', () => done());
    });
    const timer = setTimeout(() => {
      request.destroy();
      finish(failed(`timed out after ${options.timeoutMs} ms`));
    }, options.timeoutMs);
    request.on('error', (err: NodeJS.ErrnoException) => finish(failed(describeError(err))));
    request.end(message.body);
  });
}

const signers = new Map<string, Webhook>();

/** One signer per secret (it decodes the key once). */
function signerFor(secret: string): Webhook {
  let signer = signers.get(secret);
  if (!signer) {
    if (signers.size > 1000) signers.clear();
    signer = new Webhook(secret);
    signers.set(secret, signer);
  }
  return signer;
}

/** Text only: control characters (but line breaks and tabs) removed, at most 500 characters. */
export function snippetOf(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g, '').slice(0, WEBHOOKS.snippetMax);
}

function describeError(err: NodeJS.ErrnoException): string {
  if (err instanceof RefusedAddress) return err.message;
  switch (err.code) {
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ECONNRESET':
      return 'connection reset';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'host not found';
    case 'ETIMEDOUT':
      return 'connection timed out';
    default:
      return err.code ? `connection failed (${err.code})` : 'connection failed';
  }
}
