import type { FastifyRequest } from 'fastify';
import { PHOTO_LIMITS, PHOTO_MESSAGES, photoAltBody } from '../../../contract/admin/photos';
import { checkForm } from '../../../contract/plain-words';
import { Invalid } from '../../platform/errors';
import { uploadError } from '../../platform/http/multipart-errors';

/** What room the multipart framing and the `alt` part may take besides the file. */
const ENVELOPE_BYTES = 64 * 1024;

/** An image upload's cap and what it says when it refuses one. */
export interface ImageUploadRules {
  maxBytes: number;
  messages: { notMultipart: string; noFile: string; tooLarge: string; tooMany: string };
}

/**
 * Reads an image upload (multipart: part `file`, and the few text parts `field` takes) with its
 * own cap: a body declared larger than the cap is refused before a byte is read, and a file that
 * grows past it while streaming is refused at the cap (at most the cap is ever held in memory).
 * The route's plugin registers @fastify/multipart; the bytes are checked by processing.ts.
 */
export async function readImageUpload(request: FastifyRequest, rules: ImageUploadRules, field: (name: string, value: unknown) => void = () => {}): Promise<Buffer> {
  const { maxBytes, messages } = rules;
  if (!request.isMultipart()) throw new Invalid(messages.notMultipart);
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes + ENVELOPE_BYTES) throw new Invalid(messages.tooLarge);
  let file: Buffer | null = null;
  try {
    const parts = request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 4, fieldSize: 4096, parts: 5 } });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname === 'file') file = await part.toBuffer();
        else part.file.resume();
      } else field(part.fieldname, part.value);
    }
  } catch (err) {
    throw uploadError(err, messages);
  }
  if (!file || file.length === 0) throw new Invalid(messages.noFile);
  return file;
}

const ITEM_PHOTO: ImageUploadRules = {
  maxBytes: PHOTO_LIMITS.maxBytes,
  messages: { tooLarge: PHOTO_MESSAGES.tooLarge, tooMany: 'Upload one photo at a time', notMultipart: PHOTO_MESSAGES.notMultipart, noFile: PHOTO_MESSAGES.noFile },
};

/** Reads `POST …/Items/{num}/Photos` (multipart: part `file`, optional part `alt`). */
export async function readPhotoUpload(request: FastifyRequest): Promise<{ file: Buffer; alt: string }> {
  let alt = '';
  const file = await readImageUpload(request, ITEM_PHOTO, (name, value) => {
    if (name !== 'alt') return;
    const parsed = checkForm(photoAltBody, { alt: value });
    if (!parsed.success) throw new Invalid(parsed.problems[0]!);
    alt = parsed.data.alt;
  });
  return { file, alt };
}
