import { Invalid } from '../errors';

/** What an upload says for @fastify/multipart's own refusals. */
export interface UploadMessages {
  tooLarge: string;
  tooMany: string;
  notMultipart: string;
}

/**
 * @fastify/multipart's own errors (413s and 406s) as the upload's clear 400s; an `Invalid`, or
 * anything else, is passed on as it is.
 */
export function uploadError(err: unknown, messages: UploadMessages): unknown {
  if (err instanceof Invalid) return err;
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new Invalid(messages.tooLarge);
  if (code === 'FST_FILES_LIMIT') return new Invalid(messages.tooMany);
  if (typeof code === 'string' && code.startsWith('FST_')) return new Invalid(messages.notMultipart);
  return err;
}
