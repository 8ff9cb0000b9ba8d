import type { FastifyRequest } from 'fastify';
import { IMPORT_LIMITS, IMPORT_MESSAGES } from '../../../contract/admin/item-import';
import { Invalid } from '../../platform/errors';
import { uploadError } from '../../platform/http/multipart-errors';

/** What room the multipart framing may take besides the file. */
const ENVELOPE_BYTES = 64 * 1024;

/**
 * Reads `POST …/Items/Import` (multipart: part `file`) as text, with its own cap: a body declared
 * larger is refused before a byte is read, and a file that grows past it is refused at the cap.
 * Text that is not UTF-8, or holds NUL bytes, is not a CSV (a spreadsheet saved as .xlsx).
 */
export async function readCsvUpload(request: FastifyRequest): Promise<string> {
  if (!request.isMultipart()) throw new Invalid(IMPORT_MESSAGES.notMultipart);
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > IMPORT_LIMITS.maxBytes + ENVELOPE_BYTES) throw new Invalid(IMPORT_MESSAGES.tooLarge);
  let file: Buffer | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: IMPORT_LIMITS.maxBytes, files: 1, fields: 2, fieldSize: 1024, parts: 3 } })) {
      if (part.type !== 'file') continue;
      if (part.fieldname === 'file') file = await part.toBuffer();
      else part.file.resume();
    }
  } catch (err) {
    throw uploadError(err, { tooLarge: IMPORT_MESSAGES.tooLarge, tooMany: 'Upload one CSV file at a time', notMultipart: IMPORT_MESSAGES.notMultipart });
  }
  if (file === null) throw new Invalid(IMPORT_MESSAGES.noFile);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(file);
  } catch {
    throw new Invalid(IMPORT_MESSAGES.notCsv);
  }
  if (text.includes('\u0000')) throw new Invalid(IMPORT_MESSAGES.notCsv);
  if (text.replace(/^\ufeff/, '').trim() === '') throw new Invalid(IMPORT_MESSAGES.empty);
  return text;
}
