import { request as httpRequest } from 'node:http';

/** An answer read over a real socket: status, headers and the body as text. */
export interface SocketAnswer {
  status: number;
  headers: Record<string, unknown>;
  body: string;
}

/** A GET over a real socket to a listening app (`base` = its URL), so the fast lane answers as it would a browser. */
export function getOverSocket(base: string, url: string, headers: Record<string, string> = {}): Promise<SocketAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${url}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    req.end();
  });
}
