import type { FastifyRequest } from 'fastify';
import { PHOTO_LIMITS, PHOTO_MESSAGES, photoAltBody } from '../../../contract/admin/photos';
import { checkForm } from '../../../contract/plain-words';
import { Invalid } from '../../platform/errors';
import { uploadError } from '../../platform/http/multipart-errors';

/** What room the multipart framing and the `alt` part may take besides the file. */
const ENVELOPE_BYTES = 64 * 1024;

/**
 * Reads `POST …/Photos` (multipart: part `file`, optional part `alt`) with its own cap: a body
 * declared larger than the cap is refused before a byte is read, and a file that grows past it
 * while streaming is refused at the cap (at most the cap is ever held in memory).
 */
export async function readPhotoUpload(request: FastifyRequest): Promise<{ file: Buffer; alt: string }> {
  if (!request.isMultipart()) throw new Invalid(PHOTO_MESSAGES.notMultipart);
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > PHOTO_LIMITS.maxBytes + ENVELOPE_BYTES) throw new Invalid(PHOTO_MESSAGES.tooLarge);
  let file: Buffer | null = null;
  let alt = '';
  try {
    const parts = request.parts({ limits: { fileSize: PHOTO_LIMITS.maxBytes, files: 1, fields: 4, fieldSize: 4096, parts: 5 } });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname === 'file') file = await part.toBuffer();
        else part.file.resume();
      } else if (part.fieldname === 'alt') {
        const parsed = checkForm(photoAltBody, { alt: part.value });
        if (!parsed.success) throw new Invalid(parsed.problems[0]!);
        alt = parsed.data.alt;
      }
    }
  } catch (err) {
    throw uploadError(err, { tooLarge: PHOTO_MESSAGES.tooLarge, tooMany: 'Upload one photo at a time', notMultipart: PHOTO_MESSAGES.notMultipart });
  }
  if (!file || file.length === 0) throw new Invalid(PHOTO_MESSAGES.noFile);
  return { file, alt };
}
