import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendWebhook } from './delivery';
import { startReceiver, type TestReceiver } from './test-receiver';

const secret = `whsec_${Buffer.from('0123456789abcdef0123456789abcdef').toString('base64')}`;
const body = JSON.stringify({ type: 'order.placed', timestamp: '2026-11-25T12:00:00.000Z', data: { orderNum: 100001 } });
const local = { timeoutMs: 300, allowPrivate: true };

let receiver: TestReceiver;
beforeAll(async () => {
  receiver = await startReceiver('ok');
});
afterAll(() => receiver.close());

describe('sending one webhook', () => {
  it('POSTs the body with Standard Webhooks headers the verifier accepts', async () => {
    const outcome = await sendWebhook({ webhookId: 'msg_7', url: receiver.url, secret, body }, local);
    expect(outcome).toMatchObject({ delivered: true, statusCode: 204, error: null });
    const got = receiver.received.at(-1)!;
    expect(got.body).toBe(body);
    expect(got.headers['webhook-id']).toBe('msg_7');
    expect(new Webhook(secret).verify(got.body, got.headers as Record<string, string>)).toEqual(JSON.parse(body));
  });

  it('refuses loopback without WEBHOOK_ALLOW_PRIVATE, by address and by a name that resolves to it, sending nothing', async () => {
    const sent = receiver.received.length;
    const port = new URL(receiver.url).port;
    for (const url of [receiver.url, `http://localhost:${port}/hooks`, `http://[::ffff:127.0.0.1]:${port}/hooks`]) {
      const outcome = await sendWebhook({ webhookId: 'msg_8', url, secret, body }, { ...local, allowPrivate: false });
      expect(outcome.delivered, url).toBe(false);
      expect(outcome.error, url).toMatch(/^refused address/);
    }
    expect(receiver.received).toHaveLength(sent);
  });

  it('does not follow a redirect (it could lead inside the network) and keeps only a text snippet', async () => {
    const server = createServer((req, res) => {
      req.resume();
      if (req.url === '/binary') res.writeHead(500, { 'content-type': 'application/octet-stream' }).end(Buffer.from([0, 1, 2, 3]));
      else res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data', 'content-type': 'text/plain' }).end('moved\u0000 away');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect(await sendWebhook({ webhookId: 'msg_9', url: `${base}/moved`, secret, body }, local)).toMatchObject({ delivered: false, statusCode: 302, snippet: 'moved away', error: 'HTTP 302' });
      expect(await sendWebhook({ webhookId: 'msg_9', url: `${base}/binary`, secret, body }, local)).toMatchObject({ delivered: false, statusCode: 500, snippet: '' });
    } finally {
      server.close();
    }
  });

  it('a refused connection is a failed attempt, not an exception', async () => {
    const server = createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    await new Promise<void>((r) => server.close(() => r()));
    expect(await sendWebhook({ webhookId: 'msg_10', url: `http://127.0.0.1:${port}/`, secret, body }, local)).toMatchObject({ delivered: false, statusCode: null, error: 'connection refused' });
  });
});
