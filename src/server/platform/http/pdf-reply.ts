import type { FastifyReply } from 'fastify';
import { pdfDisposition } from '../../../contract/admin/documents';

/** A PDF answer, shown inline under a clear file name and never stored by a browser or a cache. */
export function sendPdf(reply: FastifyReply, name: string, pdf: Buffer): FastifyReply {
  // Browsers' PDF viewers do not run under the app's content security policy (as catalogs/routes.ts).
  reply.removeHeader('content-security-policy');
  return reply.header('content-type', 'application/pdf').header('content-disposition', pdfDisposition(name)).header('cache-control', 'no-store').send(pdf);
}
