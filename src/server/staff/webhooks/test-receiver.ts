import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** A real local webhook receiver for API tests and the bench: node:http on 127.0.0.1. */

/** ok: 204; fail: 500 with a text body; hang: never answers; close: drops the connection. */
export type ReceiverMode = 'ok' | 'fail' | 'hang' | 'close';

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
}

export interface TestReceiver {
  url: string;
  received: ReceivedWebhook[];
  mode: ReceiverMode;
  /**
   * With the endpoint's secret set, each message's Standard Webhooks signature (and timestamp) is
   * verified as it arrives, as a real receiver does: a bad one is answered 400 and kept in `refused`.
   */
  secret: string | null;
  refused: ReceivedWebhook[];
  close(): Promise<void>;
}

function verifies(secret: string, message: ReceivedWebhook): boolean {
  try {
    new Webhook(secret).verify(message.body, message.headers as Record<string, string>);
    return true;
  } catch {
    return false;
  }
}

export async function startReceiver(mode: ReceiverMode = 'ok'): Promise<TestReceiver> {
  const sockets = new Set<Socket>();
  const receiver: TestReceiver = { url: '', received: [], mode, secret: null, refused: [], close: () => Promise.resolve() };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const message = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      if (receiver.secret !== null && !verifies(receiver.secret, message)) {
        receiver.refused.push(message);
        return void res.writeHead(400).end('bad signature');
      }
      receiver.received.push(message);
      if (receiver.mode === 'ok') res.writeHead(204).end();
      else if (receiver.mode === 'fail') res.writeHead(500, { 'content-type': 'text/plain' }).end(`receiver broken\u0007 ${'x'.repeat(600)}`);
      else if (receiver.mode === 'close') req.socket.destroy();
      // 'hang': no answer; the shop's timeout ends it.
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  receiver.close = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
  return receiver;
}
