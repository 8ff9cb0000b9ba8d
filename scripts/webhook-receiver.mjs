#!/usr/bin/env node
/**
 * A small webhook receiver that verifies the shop's Standard Webhooks signatures, for trying the
 * shop's webhooks locally and as a starting point for your own (docs/integration.md).
 *
 *   WEBHOOK_SECRET=whsec_… node scripts/webhook-receiver.mjs [--port 4000] [--host 127.0.0.1]
 *
 * Create the endpoint in the back office (Webhooks) or with POST /beapi/Admin/Webhooks, pointing
 * at http://127.0.0.1:4000/webhooks; the answer's `secret` is WEBHOOK_SECRET. A local receiver
 * needs WEBHOOK_ALLOW_PRIVATE=1 on the shop: without it the shop refuses private addresses.
 *
 * Each verified message is printed as one JSON line; a message whose webhook-id was seen before
 * (a retry or a redelivery) is acknowledged and marked as a duplicate, not handled twice. A bad
 * or missing signature, or a timestamp more than 5 minutes off, is answered 400.
 */
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import { Webhook } from 'standardwebhooks';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4000' },
    host: { type: 'string', default: '127.0.0.1' },
    secret: { type: 'string' },
  },
});
const secret = values.secret ?? process.env.WEBHOOK_SECRET;
if (!secret?.startsWith('whsec_')) {
  console.error('Give the endpoint secret (whsec_…) in WEBHOOK_SECRET or --secret');
  process.exit(2);
}
const verifier = new Webhook(secret);
/** Message ids handled (a real receiver keeps these in its database, for a few days). */
const seen = new Set();

const server = createServer((req, res) => {
  if (req.method !== 'POST') return void res.writeHead(405).end();
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    // Verify the raw body exactly as received: re-serialised JSON would not match the signature.
    const raw = Buffer.concat(chunks).toString('utf8');
    let event;
    try {
      event = verifier.verify(raw, req.headers);
    } catch (err) {
      console.error(`refused: ${err.message}`);
      return void res.writeHead(400, { 'content-type': 'text/plain' }).end('bad signature\n');
    }
    const id = req.headers['webhook-id'];
    const duplicate = seen.has(id);
    seen.add(id);
    console.log(JSON.stringify({ id, duplicate, type: event.type, timestamp: event.timestamp, data: event.data }));
    // Answer quickly (within the shop's 10 s); do slow work after answering.
    res.writeHead(204).end();
  });
});
server.listen(Number(values.port), values.host, () => console.error(`listening on http://${values.host}:${values.port}/webhooks`));
