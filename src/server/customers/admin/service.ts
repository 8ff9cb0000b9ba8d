import {
  type AdminCustomer,
  CUSTOMER_ADMIN_MESSAGES,
  CUSTOMERS_ADMIN,
  type CustomerNote,
  type CustomersPage,
  type CustomersQuery,
  type CustomerStatus,
  type CustomerUpdateBody,
} from '../../../contract/admin/customers';
import { dollars } from '../../../contract/cart';
import type { Terms } from '../../../contract/money';
import { accountApprovedMail } from '../accounts/mails';
import { greetingName } from '../accounts/customer-json';
import type { Recovery } from '../accounts/recovery';
import type { EmailChange } from '../accounts/email-change';
import { profileChange } from './profile-edit';
import { type Actor, recordAudit } from '../../platform/audit/audit';
import { writeTransaction } from '../../platform/db/database';
import { atField, Conflict, Invalid, NotFound } from '../../platform/errors';
import { enqueueMail } from '../../platform/mail/mailer';
import type { OutboxDispatcher } from '../../platform/outbox/outbox';
import { customerJson } from './customer-json';
import { actingStaffMember } from '../../staff';
import * as q from './queries';

type CustomerRow = NonNullable<Awaited<ReturnType<typeof q.customerRow>>>;

/** Who is acting: the audit's actor and, for notes, the staff member's id. */
export interface StaffActing {
  actor: Actor;
  staffId: number | null;
}

/** A customer's balance as the list shows it (money's account math), in cents. */
export interface ListedBalance {
  balanceCents: number;
  invoicedDueCents: number;
  onOpenOrdersCents: number;
}

/**
 * What the desk shows and changes of money and orders, modules ranked after customers: given at
 * composition (context.ts) from their own functions.
 */
export interface DeskPorts {
  /** The listed customers' balances. */
  balancesOf(customerIds: readonly number[]): Promise<Map<number, ListedBalance>>;
  /** The record's account: terms, credit, invoices, payments and charges. */
  accountOf(customerId: number): Promise<AdminCustomer['account']>;
  /** New terms and/or credit limit, audited, in the customer update's transaction. */
  setTerms(trx: q.Db, actor: Actor, customerId: number, change: { terms?: Terms; creditLimit?: number }): Promise<void>;
  /** An order's total, original total and cancelled total, in dollars. */
  orderTotals(row: { total_cents: number | string; original_subtotal_cents: number | string; original_discount_cents: number | string; original_shipping_cents: number | string; original_tax_cents: number | string }): {
    total: number;
    originalTotal: number;
    cancelledTotal: number;
  };
}

/**
 * The customers desk's rules (DESIGN.md §5 "Customers"). Every change is one transaction with its
 * audit row (and its mail, through the outbox). The status is read from the database on every
 * buyer request (accounts/queries.ts `liveSession`), so a change applies to the buyer's next call
 * on every process. Suspending does not sign the buyer out: a suspended customer may still sign
 * in and browse without prices, so ending their sessions would change nothing they can do;
 * staff who want them out use "Sign out everywhere".
 */
export class CustomerAdminService {
  constructor(
    private readonly db: q.Db,
    private readonly outbox: OutboxDispatcher,
    private readonly recovery: Recovery,
    private readonly emailChange: EmailChange,
    private readonly ports: DeskPorts,
  ) {}

  async list(query: CustomersQuery): Promise<CustomersPage> {
    const { ids, total, totalCapped } = await q.pageKeys(this.db, query, query.pageSize, (query.page - 1) * query.pageSize);
    const [rows, balances] = await Promise.all([q.listRows(this.db, ids), this.ports.balancesOf(ids)]);
    return {
      items: rows.map((r) => ({
        id: r.id,
        code: r.code,
        orgName: r.org_name,
        email: r.email,
        contact: `${r.first_name} ${r.last_name}`.trim(),
        zip: r.zip,
        state: r.state,
        status: r.status,
        priceLevelId: r.price_level_id,
        balance: dollars(balances.get(r.id)!.balanceCents),
        invoicedDue: dollars(balances.get(r.id)!.invoicedDueCents),
        onOpenOrders: dollars(balances.get(r.id)!.onOpenOrdersCents),
        lastOrderAt: r.last_order_at ?? null,
        orderCount: Number(r.order_count ?? 0),
      })),
      total,
      totalCapped,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  async get(id: number): Promise<AdminCustomer> {
    const row = await q.customerRow(this.db, id);
    if (!row) throw new NotFound(CUSTOMER_ADMIN_MESSAGES.notFound(id));
    const [shipTos, orders, count, notes, sessions, account] = await Promise.all([
      q.shipTosOf(this.db, id),
      q.recentOrders(this.db, id, CUSTOMERS_ADMIN.recentOrders),
      q.orderCount(this.db, id),
      this.notes(id),
      q.liveSessions(this.db, id, new Date().toISOString()),
      this.ports.accountOf(id),
    ]);
    const actingNames = new Map<number, string>();
    for (const staffId of new Set(sessions.flatMap((s) => (s.acting_staff_id === null ? [] : [s.acting_staff_id])))) {
      const member = await actingStaffMember(this.db, staffId);
      if (member) actingNames.set(staffId, member.name);
    }
    return customerJson(row, shipTos, { count, recent: orders.map((o) => ({ orderNum: o.order_num, createdAt: o.created_at, statusCode: o.status_code, ...this.ports.orderTotals(o) })) }, notes, sessions, account, actingNames);
  }

  /**
   * Approve (pending → active, mails the buyer), suspend, reactivate; the price level; terms and
   * credit limit (money, decision 0022); the profile and the email (DESIGN.md §7). One
   * transaction; every part audited; the version moves once or more, so a stale page gets 409.
   */
  async update(acting: StaffActing, id: number, body: CustomerUpdateBody): Promise<AdminCustomer> {
    await writeTransaction(this.db, async (trx) => {
      const row = await q.customerRow(trx, id);
      if (!row) throw new NotFound(CUSTOMER_ADMIN_MESSAGES.notFound(id));
      if (body.version !== undefined && body.version !== row.version) throw new Conflict(CUSTOMER_ADMIN_MESSAGES.changedMeanwhile);
      const money = body.terms !== undefined || body.creditLimit !== undefined;
      const profile = profileChange(row, body);
      // The form shows the pending address when there is one: the current address again cancels the change.
      const email = body.email !== undefined && body.email !== (row.pending_email || row.email) ? body.email : undefined;
      let version = row.version;
      // Changes other than status and price level move the version once, guarded by the one read.
      const move = async () => {
        if (version !== row.version) return;
        if (!(await q.bumpVersion(trx, id, row.version, new Date().toISOString()))) throw new Conflict(CUSTOMER_ADMIN_MESSAGES.changedMeanwhile);
        version += 1;
      };
      if (body.status !== undefined && body.status !== row.status) version = await this.setStatus(trx, acting, row, body.status);
      else if (body.status !== undefined && body.priceLevelId === undefined && !money && !profile && email === undefined) throw atField(new Conflict(CUSTOMER_ADMIN_MESSAGES.sameStatus(row.status)), 'status');
      if (body.priceLevelId !== undefined && body.priceLevelId !== row.price_level_id) version = await this.setPriceLevel(trx, acting, row, version, body.priceLevelId);
      if (profile) {
        await move();
        await q.updateProfile(trx, id, { ...profile.columns, updated_at: new Date().toISOString() });
        await recordAudit(trx, acting.actor, { action: 'customer.profile', target: `customer:${id}`, summary: { before: profile.before, after: profile.after } });
      }
      if (email !== undefined) {
        await move();
        const pending = await this.emailChange.requestByStaff(trx, row, email);
        await recordAudit(trx, acting.actor, {
          action: 'customer.email',
          target: `customer:${id}`,
          summary: { before: { email: row.email, pendingEmail: row.pending_email }, after: pending ? { email: row.email, pendingEmail: email } : { email, pendingEmail: '' } },
        });
      }
      if (money) {
        await move();
        await this.ports.setTerms(trx, acting.actor, id, { terms: body.terms, creditLimit: body.creditLimit });
      }
    });
    this.outbox.poke();
    return this.get(id);
  }

  /** The customer's price level: their next request on every process prices by it (pricing/price-book.ts). */
  private async setPriceLevel(trx: q.Db, acting: StaffActing, row: CustomerRow, version: number, levelId: number | null): Promise<number> {
    const level = levelId === null ? null : await q.priceLevelExists(trx, levelId);
    if (levelId !== null && !level) throw atField(new Invalid(CUSTOMER_ADMIN_MESSAGES.unknownPriceLevel(levelId)), 'priceLevelId');
    if (!(await q.setPriceLevel(trx, row.id, version, levelId, new Date().toISOString()))) throw new Conflict(CUSTOMER_ADMIN_MESSAGES.changedMeanwhile);
    await recordAudit(trx, acting.actor, { action: 'customer.price-level', target: `customer:${row.id}`, summary: { before: { priceLevelId: row.price_level_id }, after: { priceLevelId: levelId, name: level?.name ?? 'list prices' } } });
    return version + 1;
  }

  /** Approve, suspend or reactivate; answers the customer's version after the change. */
  private async setStatus(trx: q.Db, acting: StaffActing, row: CustomerRow, status: CustomerStatus): Promise<number> {
    if (status === 'pending') throw atField(new Invalid(CUSTOMER_ADMIN_MESSAGES.noBackToPending), 'status');
    // Checked against the version read above: of two staff acting at once, one wins and the other gets 409.
    if (!(await q.setStatus(trx, row.id, row.version, status, new Date().toISOString()))) throw new Conflict(CUSTOMER_ADMIN_MESSAGES.changedMeanwhile);
    await recordAudit(trx, acting.actor, { action: `customer.${actionOf(row.status, status)}`, target: `customer:${row.id}`, summary: { before: { status: row.status }, after: { status } } });
    if (row.status === 'pending' && status === 'active') {
      await enqueueMail(trx, 'account-approved', accountApprovedMail(row.email, greetingName(row), `${this.recovery.baseUrl}/login`));
    }
    return row.version + 1;
  }

  async addNote(acting: StaffActing, id: number, text: string): Promise<CustomerNote> {
    const noteId = await writeTransaction(this.db, async (trx) => {
      await this.mustExist(trx, id);
      const created = await q.insertNote(trx, id, acting.staffId, text, new Date().toISOString());
      await recordAudit(trx, acting.actor, { action: 'customer.note', target: `customer:${id}`, summary: { note: created } });
      return created;
    });
    return (await this.notes(id)).find((n) => n.id === noteId)!;
  }

  /** Signs the customer out of one device (`sessionId`) or all of them; answers how many sessions ended. */
  async revokeSessions(acting: StaffActing, id: number, sessionId?: number): Promise<number> {
    return writeTransaction(this.db, async (trx) => {
      await this.mustExist(trx, id);
      const revoked = await q.deleteSessions(trx, id, sessionId);
      if (sessionId !== undefined && revoked === 0) throw new NotFound(CUSTOMER_ADMIN_MESSAGES.sessionNotFound(sessionId));
      await recordAudit(trx, acting.actor, { action: 'customer.sign-out', target: `customer:${id}`, summary: { sessions: sessionId ?? 'all', revoked } });
      return revoked;
    });
  }

  /** Queues the buyer's own "forgot password" mail with a fresh one-hour link: staff never see or set a password. */
  async sendPasswordReset(acting: StaffActing, id: number): Promise<string> {
    const email = await writeTransaction(this.db, async (trx) => {
      const row = await this.mustExist(trx, id);
      await this.recovery.queueReset(trx, row);
      await recordAudit(trx, acting.actor, { action: 'customer.password-reset', target: `customer:${id}`, summary: { to: row.email } });
      return row.email;
    });
    this.outbox.poke();
    return email;
  }

  private async mustExist(db: q.Db, id: number) {
    const row = await q.customerRow(db, id);
    if (!row) throw new NotFound(CUSTOMER_ADMIN_MESSAGES.notFound(id));
    return row;
  }

  private async notes(id: number): Promise<CustomerNote[]> {
    const rows = await q.notesOf(this.db, id, CUSTOMERS_ADMIN.notes);
    return rows.map((n) => ({ id: n.id, author: n.author ?? 'Former staff', createdAt: n.created_at, text: n.text }));
  }
}

function actionOf(from: CustomerStatus, to: CustomerStatus): string {
  if (to === 'suspended') return 'suspend';
  return from === 'pending' ? 'approve' : 'reactivate';
}
