import { ACT_AS } from '../../../contract/act-as';
import { hashToken, looksLikeToken, newToken } from '../../platform/auth/tokens';
import type { ActingStaff, SignedInCustomer } from '../../platform/http/auth-context';
import { actingStaffMember } from '../../staff';
import { greetingName } from './customer-json';
import * as q from './queries';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Sliding expiry: a session lives 30 days past its last use. */
export const SESSION_LIFETIME_MS = 30 * DAY_MS;
/** Extend at most once an hour, so reading pages does not write to the database on every call. */
const EXTEND_EVERY_MS = 60 * 60 * 1000;

export class SessionStore {
  constructor(private readonly db: q.Db) {}

  /** Opens a new session (every sign-in gets its own token) and answers the raw token. */
  async open(customerId: number): Promise<string> {
    const now = new Date();
    const { token, tokenHash } = newToken();
    await q.insertSession(this.db, {
      customer_id: customerId,
      token_hash: tokenHash,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + SESSION_LIFETIME_MS).toISOString(),
      // A sign-in enters the password: for 10 minutes the session may change the email.
      password_at: now.toISOString(),
    });
    // Sign-ins are rare enough to carry the clean-up of expired sessions.
    await q.deleteExpiredSessions(this.db, now.toISOString());
    return token;
  }

  /**
   * A session for staff acting for the customer (act-as, decision 0035), in the caller's
   * transaction: it ends `ACT_AS.sessionMinutes` after `now` and is never extended. It never
   * counts as having entered the password.
   */
  async openActing(db: q.Db, customerId: number, staffId: number, now: Date): Promise<{ token: string; expiresAt: string }> {
    const { token, tokenHash } = newToken();
    const expiresAt = new Date(now.getTime() + ACT_AS.sessionMinutes * 60_000).toISOString();
    await q.insertSession(db, { customer_id: customerId, token_hash: tokenHash, created_at: now.toISOString(), expires_at: expiresAt, password_at: null, acting_staff_id: staffId });
    return { token, expiresAt };
  }

  /** The customer of a live token, sliding its expiry forward; null for anything else. */
  async resolve(token: string): Promise<SignedInCustomer | null> {
    if (!looksLikeToken(token)) return null;
    const tokenHash = hashToken(token);
    const now = Date.now();
    const session = await q.findLiveSession(this.db, tokenHash, new Date(now).toISOString());
    if (!session) return null;
    let actingStaff: ActingStaff | null = null;
    if (session.actingStaffId !== null) {
      // An act-as session keeps its end, and ends with the staff member's right to act.
      actingStaff = await this.actingStaff(session.customerId, session.actingStaffId);
      if (!actingStaff) return null;
    } else {
      const fullExpiry = now + SESSION_LIFETIME_MS;
      if (fullExpiry - Date.parse(session.expiresAt) > EXTEND_EVERY_MS) {
        await q.extendSession(this.db, session.sessionId, new Date(fullExpiry).toISOString());
      }
    }
    const priceLevel = session.priceLevelId === null || session.priceLevelVersion === null ? null : { id: session.priceLevelId, version: session.priceLevelVersion };
    return { id: session.customerId, code: session.code, status: session.status, priceLevel, tokenHash, actingStaff };
  }

  private async actingStaff(customerId: number, staffId: number): Promise<ActingStaff | null> {
    const [staff, customer] = await Promise.all([actingStaffMember(this.db, staffId), q.findCustomerById(this.db, customerId)]);
    if (!staff || !customer) return null;
    return { ...staff, company: customer.org_name.trim() || greetingName(customer) };
  }

  /** True when this session entered the password within `withinMs`. */
  async passwordEnteredWithin(tokenHash: string, withinMs: number): Promise<boolean> {
    const at = await q.sessionPasswordAt(this.db, tokenHash);
    return at !== null && Date.now() - Date.parse(at) < withinMs;
  }

  markPasswordEntered(tokenHash: string): Promise<void> {
    return q.markPasswordEntered(this.db, tokenHash, new Date().toISOString());
  }

  revoke(tokenHash: string): Promise<void> {
    return q.deleteSession(this.db, tokenHash);
  }

  revokeOthers(customerId: number, keepTokenHash: string): Promise<void> {
    return q.deleteSessionsOf(this.db, customerId, keepTokenHash);
  }

  revokeAll(customerId: number): Promise<void> {
    return q.deleteSessionsOf(this.db, customerId);
  }
}
