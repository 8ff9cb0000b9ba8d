import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import { TAX_CERTIFICATE_MESSAGES as M, TAX_CERTIFICATES } from '../../../contract/tax-certificates';
import { type ImageMessages, uprightJpeg } from '../../catalogue';
import { Invalid } from '../../platform/errors';
import { uploadError } from '../../platform/http/multipart-errors';

/** The folder under DATA_DIR that keeps the files; each is named at random, never by the buyer's name. */
export const CERTIFICATE_FOLDER = 'tax-certificates';

/** What room the multipart framing and the three text parts may take besides the file. */
const ENVELOPE_BYTES = 64 * 1024;

/** A picture of a certificate is kept upright, without its metadata, at most this many pixels a side (still readable when printed). */
const IMAGE_BOX = 2400;

/** The upload as read: its text parts and the file, not yet checked. */
export interface CertificateUpload {
  fields: Record<string, unknown>;
  file: Buffer | null;
  fileName: string;
}

/**
 * Reads `POST /beapi/Customer/TaxCertificates` (multipart: `file`, `number`, `state`,
 * `expiresOn`). A body declared larger than the cap is refused before a byte is read; a file
 * that grows past it while streaming is refused at the cap (at most the cap is held in memory).
 */
export async function readCertificateUpload(request: FastifyRequest): Promise<CertificateUpload> {
  if (!request.isMultipart()) throw new Invalid(M.notMultipart);
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > TAX_CERTIFICATES.maxBytes + ENVELOPE_BYTES) throw new Invalid(M.tooLarge);
  const upload: CertificateUpload = { fields: {}, file: null, fileName: '' };
  try {
    const parts = request.parts({ limits: { fileSize: TAX_CERTIFICATES.maxBytes, files: 1, fields: 4, fieldSize: 4096, parts: 6 } });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume();
          continue;
        }
        upload.file = await part.toBuffer();
        upload.fileName = part.filename ?? '';
      } else upload.fields[part.fieldname] = part.value;
    }
  } catch (err) {
    throw uploadError(err, M);
  }
  return upload;
}

/** The words of the image checks, in the certificate form's terms. */
const IMAGE_WORDS: ImageMessages = {
  notAnImage: M.notAccepted,
  svg: M.notAccepted,
  format: () => M.notAccepted,
  heicCodec: M.heicCodec,
  tooManyPixels: M.tooManyPixels,
  unreadable: M.unreadable,
};

const startsWith = (bytes: Buffer, magic: number[]) => magic.every((b, i) => bytes[i] === b);
const PDF = [...Buffer.from('%PDF-')];
const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * The file as it is kept, checked from its own bytes, never its name or declared type: a PDF
 * (it starts with `%PDF-`) is kept as sent; a JPEG or PNG must decode as the return photos'
 * must (catalogue's checks: no bombs, no truncated files) and is kept as one upright JPEG without
 * the camera's metadata (a phone photo's GPS included). Anything else is refused.
 */
export async function checkedCertificateFile(file: Buffer | null): Promise<{ bytes: Buffer; contentType: 'application/pdf' | 'image/jpeg' }> {
  if (!file || file.length === 0) throw new Invalid(M.noFile);
  if (startsWith(file, PDF)) return { bytes: file, contentType: 'application/pdf' };
  if (!startsWith(file, JPEG) && !startsWith(file, PNG)) throw new Invalid(M.notAccepted);
  const photo = await uprightJpeg(file, IMAGE_BOX, IMAGE_WORDS);
  return { bytes: photo.bytes, contentType: 'image/jpeg' };
}

/** The name shown for the file: the buyer's own, without folders or control characters, at most 120 characters. */
export function displayName(fileName: string, contentType: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, '').trim().slice(0, 120);
  return clean || (contentType === 'application/pdf' ? 'certificate.pdf' : 'certificate.jpg');
}

/** Writes a checked file under DATA_DIR/tax-certificates with a random name; answers its path relative to DATA_DIR. */
export async function storeCertificateFile(dataDir: string, bytes: Buffer, contentType: string): Promise<string> {
  const folder = join(dataDir, CERTIFICATE_FOLDER);
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const name = `${randomBytes(16).toString('hex')}${contentType === 'application/pdf' ? '.pdf' : '.jpg'}`;
  await writeFile(join(folder, name), bytes, { mode: 0o600, flag: 'wx' });
  return `${CERTIFICATE_FOLDER}/${name}`;
}

export async function readCertificateFile(dataDir: string, path: string): Promise<Buffer | null> {
  // Only the names this module writes: nothing stored can point outside the folder.
  if (!/^tax-certificates\/[0-9a-f]{32}\.(pdf|jpg)$/.test(path)) return null;
  try {
    return await readFile(join(dataDir, path));
  } catch {
    return null;
  }
}

export function removeCertificateFile(dataDir: string, path: string): Promise<void> {
  return rm(join(dataDir, path), { force: true });
}
