import { ACT_AS, ACT_AS_MESSAGES, type ActAsLink, type ActAsSession } from '../../../contract/act-as';
import type { Customer } from '../../../contract/accounts';
import { CUSTOMER_ADMIN_MESSAGES } from '../../../contract/admin/customers';
import { type Actor, recordAudit } from '../../platform/audit/audit';
import { hashToken, looksLikeToken, newToken } from '../../platform/auth/tokens';
import { writeTransaction } from '../../platform/db/database';
import { Gone, NotFound } from '../../platform/errors';
import { buyerActor } from '../../platform/http/auth-context';
import { actingStaffMember } from '../../staff';
import { greetingName } from '../accounts/customer-json';
import * as accounts from '../accounts/queries';
import type { SessionStore } from '../accounts/sessions';
import * as q from './queries';

/**
 * Acting for a customer (DESIGN.md §7, decision 0035). Staff ask for a one-time link (60 s) to
 * the storefront's /act-as page; the page exchanges it once for a buyer session of 30 minutes,
 * marked with the staff member, whose every change the audit log names. Any customer may be
 * viewed, pending and suspended ones too: the session is the buyer's, so staff see exactly what
 * the buyer sees (no prices, the account's notice) and can do only what the buyer can.
 */
export class ActAsService {
  private readonly baseUrl: string;

  constructor(
    private readonly db: q.Db,
    private readonly sessions: SessionStore,
    private readonly customer: (id: number) => Promise<Customer>,
    publicUrl: string,
  ) {
    this.baseUrl = publicUrl.replace(/\/+$/, '');
  }

  /** The link for `staffId` to view the shop as `customerId`; audited ("impersonate") with both. */
  async createLink(actor: Actor, staffId: number, customerId: number): Promise<ActAsLink> {
    const { token, tokenHash } = newToken();
    const now = new Date();
    const expiresAt = new Date(now.getTime() + ACT_AS.linkSeconds * 1000).toISOString();
    await writeTransaction(this.db, async (trx) => {
      const row = await accounts.findCustomerById(trx, customerId);
      if (!row) throw new NotFound(CUSTOMER_ADMIN_MESSAGES.notFound(customerId));
      await q.deleteDeadLinks(trx, now.toISOString());
      await q.insertLink(trx, { token_hash: tokenHash, customer_id: customerId, staff_id: staffId, created_at: now.toISOString(), expires_at: expiresAt, used_at: null });
      await recordAudit(trx, actor, {
        action: 'customer.impersonate',
        target: `customer:${customerId}`,
        summary: { staff: actor.name ?? actor.label, customer: row.org_name.trim() || greetingName(row), status: row.status, linkExpiresAt: expiresAt },
      });
    });
    return { url: `${this.baseUrl}${ACT_AS.page}?t=${encodeURIComponent(token)}`, expiresAt };
  }

  /**
   * The one exchange of a link for a buyer session: 410 for a link used before, expired or
   * unknown, and when its staff member may no longer act. The link is spent, the session opened
   * and the audit row written in one transaction.
   */
  async exchange(token: string, ip: string): Promise<ActAsSession> {
    if (!looksLikeToken(token)) throw new Gone(ACT_AS_MESSAGES.linkGone);
    const opened = await writeTransaction(this.db, async (trx) => {
      const now = new Date();
      const link = await q.consumeLink(trx, hashToken(token), now.toISOString());
      if (!link) throw new Gone(ACT_AS_MESSAGES.linkGone);
      const staff = await actingStaffMember(trx, link.staff_id);
      const row = await accounts.findCustomerById(trx, link.customer_id);
      if (!staff || !row) throw new Gone(ACT_AS_MESSAGES.linkGone);
      const session = await this.sessions.openActing(trx, link.customer_id, link.staff_id, now);
      const company = row.org_name.trim() || greetingName(row);
      const who = { id: row.id, code: row.code, status: row.status, priceLevel: null, tokenHash: '', actingStaff: { ...staff, company } };
      await recordAudit(trx, buyerActor(who, 'Order desk', ip), { action: 'customer.act-as', target: `customer:${row.id}`, summary: { sessionEndsAt: session.expiresAt } });
      return { ...session, staff: { id: staff.id, name: staff.name }, customerId: row.id };
    });
    return { token: opened.token, customer: await this.customer(opened.customerId), staff: opened.staff, expiresAt: opened.expiresAt };
  }
}
