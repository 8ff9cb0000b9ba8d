import {
  type AdminTaxCertificate,
  type RejectTaxCertificateBody,
  TAX_CERTIFICATE_MESSAGES as M,
  TAX_CERTIFICATES,
  type TaxCertificateCreated,
  taxCertificateFields,
  type TaxCertificateList,
  type TaxCertificateStatus,
} from '../../../contract/tax-certificates';
import { checkForm } from '../../../contract/plain-words';
import { customerEmails } from '../../customers';
import { type Actor, recordAudit } from '../../platform/audit/audit';
import { writeTransaction } from '../../platform/db/database';
import { Conflict, Invalid, NotFound } from '../../platform/errors';
import { enqueueMail } from '../../platform/mail/mailer';
import type { Db } from '../queries';
import { certificateAcceptedMail, certificateRejectedMail } from './certificate-mails';
import { checkedCertificateFile, type CertificateUpload, displayName, readCertificateFile, removeCertificateFile, storeCertificateFile } from './certificate-files';
import * as q from './certificate-queries';
import { STATE_RATES } from './state-rates';

/** Today as YYYY-MM-DD (UTC, as `TaxService.termsFor` reads it). */
export const todayYmd = (): string => new Date().toISOString().slice(0, 10);

/** A 400 with every problem of the form, each under its field, as the plain words give them. */
function formProblems(problems: string[], fields: Record<string, string>): Invalid {
  const error = new Invalid(problems.join(' '), problems);
  error.extensions = { fields };
  return error;
}

/**
 * Resale and exemption certificates (DESIGN.md §7; decision 0042): the buyer uploads one, staff
 * accept or reject it; an accepted, unexpired one for the ship-to's state exempts carts and
 * orders (exemptions.ts). Each decision is one write transaction with its audit row and the mail
 * to the buyer (outbox).
 */
export class TaxCertificateService {
  constructor(
    private readonly db: Db,
    private readonly dataDir: string,
    private readonly publicUrl: string,
    /** Asks the outbox to send now rather than at its next poll. */
    private readonly poke: () => void,
  ) {}

  /**
   * Checks everything before a byte is kept (the fields, the state, the expiry, the file's
   * content); then stores the file under a random name and the row with its audit row. A failed
   * insert takes the file away again.
   */
  async upload(actor: Actor, customerId: number, upload: CertificateUpload, today = todayYmd()): Promise<TaxCertificateCreated> {
    const parsed = checkForm(taxCertificateFields, upload.fields);
    const problems = [...parsed.problems];
    const fields: Record<string, string> = { ...parsed.fields };
    const add = (field: string, message: string) => {
      problems.push(message);
      fields[field] ??= message;
    };
    if (parsed.success) {
      if (!STATE_RATES[parsed.data.state]) add('state', M.unknownState(parsed.data.state));
      if (parsed.data.expiresOn < today) add('expiresOn', M.expired(parsed.data.expiresOn));
    }
    if (!upload.file || upload.file.length === 0) add('file', M.noFile);
    if (problems.length > 0 || !parsed.success) throw formProblems(problems, fields);
    await this.assertRoomFor(this.db, customerId);
    let file: Awaited<ReturnType<typeof checkedCertificateFile>>;
    try {
      file = await checkedCertificateFile(upload.file);
    } catch (err) {
      if (err instanceof Invalid) throw formProblems([err.message], { file: err.message });
      throw err;
    }
    const path = await storeCertificateFile(this.dataDir, file.bytes, file.contentType);
    try {
      const id = await writeTransaction(this.db, async (trx) => {
        await this.assertRoomFor(trx, customerId);
        const made = await q.insertCertificate(trx, {
          customer_id: customerId,
          number: parsed.data.number,
          state: parsed.data.state,
          expires_on: parsed.data.expiresOn,
          status: 'pending',
          reject_reason: null,
          file_name: displayName(upload.fileName, file.contentType),
          content_type: file.contentType,
          file_size: file.bytes.length,
          file_path: path,
          uploaded_at: new Date().toISOString(),
          decided_at: null,
          decided_by: null,
          reminded_at: null,
          expiry_notified_at: null,
        });
        await recordAudit(trx, actor, {
          action: 'tax-certificate.upload',
          target: `tax-certificate:${made}`,
          summary: { customerId, state: parsed.data.state, expiresOn: parsed.data.expiresOn, bytes: file.bytes.length },
        });
        return made;
      });
      return { id, status: 'pending' };
    } catch (err) {
      await removeCertificateFile(this.dataDir, path);
      throw err;
    }
  }

  /** A buyer has at most TAX_CERTIFICATES.maxPending certificates waiting (each keeps a file of up to 10 MB). */
  private async assertRoomFor(db: Db, customerId: number): Promise<void> {
    if ((await q.pendingCount(db, customerId)) >= TAX_CERTIFICATES.maxPending) throw new Invalid(M.tooManyPending(TAX_CERTIFICATES.maxPending));
  }

  async listOwn(customerId: number): Promise<TaxCertificateList> {
    return { items: (await q.certificatesOfCustomer(this.db, customerId)).map(q.buyerJson) };
  }

  /** A certificate's file; with `customerId`, only that buyer's own (another's is not found). */
  async file(id: number, customerId?: number): Promise<{ bytes: Buffer; contentType: string; fileName: string }> {
    const row = await q.certificateById(this.db, id);
    if (!row || (customerId !== undefined && Number(row.customer_id) !== customerId)) throw new NotFound(M.notFound(id));
    const bytes = await readCertificateFile(this.dataDir, row.file_path);
    if (!bytes) throw new NotFound(M.fileMissing);
    return { bytes, contentType: row.content_type, fileName: row.file_name };
  }

  async ofCustomer(customerId: number): Promise<{ items: AdminTaxCertificate[] }> {
    return { items: await q.adminCertificates(this.db, { customerId }) };
  }

  /** The queue: certificates of one status (pending when not given), oldest first. */
  async queue(status: TaxCertificateStatus = 'pending'): Promise<{ items: AdminTaxCertificate[] }> {
    return { items: await q.adminCertificates(this.db, { status }) };
  }

  accept(actor: Actor, id: number): Promise<AdminTaxCertificate> {
    return this.decide(actor, id, 'accepted', null);
  }

  reject(actor: Actor, id: number, body: RejectTaxCertificateBody): Promise<AdminTaxCertificate> {
    return this.decide(actor, id, 'rejected', body.reason);
  }

  /** Only a pending certificate is decided; of two staff deciding at once, one wins and the other gets 409. */
  private async decide(actor: Actor, id: number, status: 'accepted' | 'rejected', reason: string | null): Promise<AdminTaxCertificate> {
    const decided = await writeTransaction(this.db, async (trx) => {
      const row = await q.certificateById(trx, id);
      if (!row) throw new NotFound(M.notFound(id));
      if (!(await q.decideCertificate(trx, id, { status, rejectReason: reason, by: actor.label, at: new Date().toISOString() }))) {
        const now = await q.certificateById(trx, id);
        throw new Conflict(M.decided(id, now?.status ?? row.status));
      }
      await recordAudit(trx, actor, {
        action: status === 'accepted' ? 'tax-certificate.accept' : 'tax-certificate.reject',
        target: `tax-certificate:${id}`,
        summary: { before: 'pending', after: status, customerId: Number(row.customer_id), state: row.state, expiresOn: row.expires_on, ...(reason ? { reason } : {}) },
      });
      const to = (await customerEmails(trx, [Number(row.customer_id)])).get(Number(row.customer_id));
      if (to) {
        const mail = status === 'accepted' ? certificateAcceptedMail(to, row, this.publicUrl) : certificateRejectedMail(to, row, reason ?? '', this.publicUrl);
        await enqueueMail(trx, `tax-certificate-${status}`, mail);
      }
      const [answer] = await q.adminCertificates(trx, { id });
      return answer!;
    });
    this.poke();
    return decided;
  }
}
