import type { FastifyRequest } from 'fastify';
import { Invalid } from '../errors';
import { uploadError } from './multipart-errors';

/** What room the multipart framing may take besides the file. */
const ENVELOPE_BYTES = 64 * 1024;

export interface CsvUploadRules {
  maxBytes: number;
  messages: { notMultipart: string; tooLarge: string; noFile: string; notCsv: string; empty: string };
}

/**
 * Reads a CSV upload (multipart: part `file`) as text, with its own cap: a body declared larger
 * is refused before a byte is read, and a file that grows past it is refused at the cap. Text that
 * is not UTF-8, or holds NUL bytes, is not a CSV (a spreadsheet saved as .xlsx).
 */
export async function readCsvUpload(request: FastifyRequest, { maxBytes, messages }: CsvUploadRules): Promise<string> {
  if (!request.isMultipart()) throw new Invalid(messages.notMultipart);
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes + ENVELOPE_BYTES) throw new Invalid(messages.tooLarge);
  let file: Buffer | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 2, fieldSize: 1024, parts: 3 } })) {
      if (part.type !== 'file') continue;
      if (part.fieldname === 'file') file = await part.toBuffer();
      else part.file.resume();
    }
  } catch (err) {
    throw uploadError(err, { tooLarge: messages.tooLarge, tooMany: 'Upload one CSV file at a time', notMultipart: messages.notMultipart });
  }
  if (file === null) throw new Invalid(messages.noFile);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(file);
  } catch {
    throw new Invalid(messages.notCsv);
  }
  if (text.includes('\u0000')) throw new Invalid(messages.notCsv);
  if (text.replace(/^\ufeff/, '').trim() === '') throw new Invalid(messages.empty);
  return text;
}
