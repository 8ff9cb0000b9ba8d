// The baseline: a bare node:http server answering a small JSON document, the ceiling that
// every figure of the benchmark is compared with.
import { createServer } from 'node:http';

const body = JSON.stringify({ status: 'ok', items: [{ num: '11001', web_Title: 'Red latex', srp: 19.99 }] });
const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
