import type { Insertable, Selectable } from 'kysely';
import type { AdminTaxCertificate, TaxCertificate, TaxCertificateStatus } from '../../../contract/tax-certificates';
import type { Db } from '../queries';
import type { TaxCertificateTable } from '../tables';

/** The resale certificates' rows (money/ owns `tax_certificates`). Each takes `db` (or a transaction) first. */

export type CertificateRow = Selectable<TaxCertificateTable>;

export async function insertCertificate(db: Db, row: Insertable<TaxCertificateTable>): Promise<number> {
  const made = await db.insertInto('tax_certificates').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(made.id);
}

export function certificateById(db: Db, id: number): Promise<CertificateRow | undefined> {
  return db.selectFrom('tax_certificates').selectAll().where('id', '=', id).executeTakeFirst();
}

export function buyerJson(r: CertificateRow): TaxCertificate {
  return {
    id: Number(r.id),
    number: r.number,
    state: r.state,
    expiresOn: r.expires_on,
    status: r.status,
    rejectReason: r.reject_reason,
    uploadedAt: r.uploaded_at,
    fileName: r.file_name,
  };
}

export async function pendingCount(db: Db, customerId: number): Promise<number> {
  const row = await db
    .selectFrom('tax_certificates')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('customer_id', '=', customerId)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function certificatesOfCustomer(db: Db, customerId: number): Promise<CertificateRow[]> {
  return db.selectFrom('tax_certificates').selectAll().where('customer_id', '=', customerId).orderBy('uploaded_at', 'desc').orderBy('id', 'desc').execute();
}

/**
 * Certificates as staff see them, with the customer's company (a read of customers' row, as
 * money's terms read it): one customer's newest first, or the queue of one status oldest first.
 */
export async function adminCertificates(db: Db, where: { customerId?: number; status?: TaxCertificateStatus; id?: number }): Promise<AdminTaxCertificate[]> {
  let q = db
    .selectFrom('tax_certificates as t')
    .innerJoin('customers as c', 'c.id', 't.customer_id')
    .selectAll('t')
    .select('c.org_name');
  if (where.customerId !== undefined) q = q.where('t.customer_id', '=', where.customerId);
  if (where.status !== undefined) q = q.where('t.status', '=', where.status);
  if (where.id !== undefined) q = q.where('t.id', '=', where.id);
  q = where.customerId !== undefined ? q.orderBy('t.uploaded_at', 'desc').orderBy('t.id', 'desc') : q.orderBy('t.uploaded_at', 'asc').orderBy('t.id', 'asc');
  const rows = await q.limit(500).execute();
  return rows.map((r) => ({
    ...buyerJson(r),
    customerId: Number(r.customer_id),
    orgName: r.org_name,
    contentType: r.content_type,
    fileSize: Number(r.file_size),
    decidedAt: r.decided_at,
    decidedBy: r.decided_by,
  }));
}

/**
 * Moves a pending certificate to its decision. The `status = 'pending'` guard makes it safe when
 * two staff decide at once: the second UPDATE waits for the first (PostgreSQL's row lock; SQLite
 * writes one at a time), then matches nothing. Answers whether this call decided it.
 */
export async function decideCertificate(db: Db, id: number, decision: { status: 'accepted' | 'rejected'; rejectReason: string | null; by: string; at: string }): Promise<boolean> {
  const res = await db
    .updateTable('tax_certificates')
    .set({ status: decision.status, reject_reason: decision.rejectReason, decided_by: decision.by, decided_at: decision.at })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Accepted certificates whose reminder is due (last day within `until`, not past `today`) and not yet queued. */
export function remindersDue(db: Db, today: string, until: string, limit: number): Promise<CertificateRow[]> {
  return db
    .selectFrom('tax_certificates')
    .selectAll()
    .where('status', '=', 'accepted')
    .where('reminded_at', 'is', null)
    .where('expires_on', '>=', today)
    .where('expires_on', '<=', until)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Accepted certificates past their last day whose expiry notice is not yet queued. */
export function expiryNoticesDue(db: Db, today: string, limit: number): Promise<CertificateRow[]> {
  return db
    .selectFrom('tax_certificates')
    .selectAll()
    .where('status', '=', 'accepted')
    .where('expiry_notified_at', 'is', null)
    .where('expires_on', '<', today)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * Claims one certificate's reminder or expiry notice: sets its column only while it is still
 * empty, so of two instances running the job at once exactly one gets `true` and queues the mail.
 */
export async function claimNotice(db: Db, id: number, column: 'reminded_at' | 'expiry_notified_at', at: string): Promise<boolean> {
  const res = await db.updateTable('tax_certificates').set({ [column]: at }).where('id', '=', id).where(column, 'is', null).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** True when the customer holds another accepted certificate for the state that is valid longer: no reminder or notice is needed then. */
export async function hasLaterCertificate(db: Db, row: CertificateRow): Promise<boolean> {
  const later = await db
    .selectFrom('tax_certificates')
    .select('id')
    .where('customer_id', '=', row.customer_id)
    .where('state', '=', row.state)
    .where('status', '=', 'accepted')
    .where('expires_on', '>', row.expires_on)
    .limit(1)
    .executeTakeFirst();
  return later !== undefined;
}
