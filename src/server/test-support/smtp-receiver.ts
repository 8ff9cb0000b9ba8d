import { createServer, type Server, type Socket } from 'node:net';

/** A mail as the receiver got it: the envelope recipients and the raw message. */
export interface ReceivedMail {
  to: string[];
  raw: string;
}

/**
 * A minimal SMTP server on 127.0.0.1 for tests: it accepts every message (no TLS, no auth) and
 * keeps it, so a test can point SMTP_URL at a real socket and see what the shop sent.
 */
export class SmtpReceiver {
  readonly mails: ReceivedMail[] = [];
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();

  /** Listens on `port` (0: any free port) and answers the port. */
  async listen(port = 0): Promise<number> {
    const server = createServer((socket) => this.session(socket));
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    return (server.address() as { port: number }).port;
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private session(socket: Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.setEncoding('utf8');
    let buffer = '';
    let data: string[] | null = null;
    let to: string[] = [];
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 test ESMTP');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf('\r\n')) !== -1) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data) {
          if (line === '.') {
            this.mails.push({ to, raw: data.join('\r\n') });
            data = null;
            to = [];
            reply('250 queued');
          } else data.push(line.startsWith('..') ? line.slice(1) : line);
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 test');
        else if (verb === 'RCPT') {
          to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          reply('250 ok');
        } else if (verb === 'DATA') {
          data = [];
          reply('354 go ahead');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('250 ok');
      }
    });
    socket.on('error', () => {});
  }
}

/** A local port with nothing listening on it (bound, then released). */
export async function closedPort(): Promise<number> {
  const probe = new SmtpReceiver();
  const port = await probe.listen(0);
  await probe.close();
  return port;
}
