import { STAFF, STAFF_MESSAGES } from '../../contract/admin/staff';
import { type Actor, recordAudit } from '../platform/audit/audit';
import { hashPassword } from '../platform/auth/passwords';
import { hashToken, looksLikeToken, newToken } from '../platform/auth/tokens';
import type { LoginThrottle } from '../platform/auth/login-throttle';
import { writeTransaction } from '../platform/db/database';
import { Conflict, Invalid, NotFound } from '../platform/errors';
import { enqueueMail } from '../platform/mail/mailer';
import type { CodeLimit } from './code-limit';
import { newMemberMail, signInResetMail } from './mails';
import * as q from './queries';

const HOUR_MS = 60 * 60 * 1000;

/**
 * An owner's reset of a member's sign-in (DESIGN.md §7, decision 0027): the password and the
 * authenticator are cleared, every session ends, and the member is mailed a one-time link
 * (STAFF.setPasswordLinkHours) to /admin/set-password, where they choose a new password. The
 * link's token is stored as its SHA-256 only; using it, or a newer reset, voids the others.
 */
export class SignInReset {
  private readonly baseUrl: string;

  constructor(
    private readonly db: q.Db,
    private readonly throttle: LoginThrottle,
    private readonly codes: CodeLimit,
    publicUrl: string,
    private readonly poke: () => void,
  ) {
    this.baseUrl = publicUrl.replace(/\/+$/, '');
  }

  async reset(actor: Actor, actorStaffId: number | null, id: number): Promise<void> {
    if (actorStaffId === id) throw new Conflict(STAFF_MESSAGES.resetOwnSignIn);
    await writeTransaction(this.db, async (trx) => {
      const row = await q.findStaffById(trx, id, true);
      if (!row) throw new NotFound(STAFF_MESSAGES.staffNotFound(id));
      // An empty hash matches no password (verifyPassword), and sign-in treats it as no password.
      await q.updateStaff(trx, id, { password_hash: '', totp_enabled: 0, totp_secret: null, totp_pending_secret: null, totp_last_step: 0 });
      await q.deleteAllSessions(trx, id);
      await this.codes.forget(trx, id);
      await this.mailLink(trx, row, 'reset');
      await recordAudit(trx, actor, {
        action: 'staff.reset_sign_in',
        target: `staff:${id}`,
        summary: { email: row.email, totpCleared: row.totp_enabled === 1, linkHours: STAFF.setPasswordLinkHours },
      });
    });
    this.poke();
  }

  /**
   * Voids the member's earlier links, stores a new one and queues its mail, in `trx` (a reset, or
   * a member added without a password).
   */
  async mailLink(trx: q.Db, member: Pick<q.StaffRow, 'id' | 'email' | 'name'>, kind: 'reset' | 'new-member'): Promise<void> {
    const now = new Date();
    await q.voidSignInLinks(trx, member.id, now.toISOString());
    const { token, tokenHash } = newToken();
    await q.insertSignInLink(trx, {
      token_hash: tokenHash,
      staff_id: member.id,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + STAFF.setPasswordLinkHours * HOUR_MS).toISOString(),
      used_at: null,
    });
    const url = `${this.baseUrl}/admin/set-password?token=${token}`;
    const mail = kind === 'reset' ? signInResetMail : newMemberMail;
    await enqueueMail(trx, `staff-${kind}`, mail(member.email, member.name, url, STAFF.setPasswordLinkHours), { secret: true });
  }

  /** After the commit of a change that queued a link's mail: send it now rather than at the next poll. */
  sendNow(): void {
    this.poke();
  }

  /** POST /Admin/SetPassword: the link's token and a new password; single use. */
  async setPassword(token: string, newPassword: string, ip: string): Promise<void> {
    // A link that cannot work costs no password hashing.
    if (!looksLikeToken(token) || !(await q.isUsableSignInLink(this.db, hashToken(token), new Date().toISOString()))) throw new Invalid(STAFF_MESSAGES.linkInvalid);
    // Before the link is used up: a refused password leaves it valid for another try.
    const hash = await hashPassword(newPassword);
    const email = await writeTransaction(this.db, async (trx) => {
      const now = new Date().toISOString();
      const staffId = await q.consumeSignInLink(trx, hashToken(token), now);
      const row = staffId === undefined ? undefined : await q.findStaffById(trx, staffId, true);
      if (!row) throw new Invalid(STAFF_MESSAGES.linkInvalid);
      await q.updateStaff(trx, row.id, { password_hash: hash });
      await q.voidSignInLinks(trx, row.id, now);
      await q.deleteAllSessions(trx, row.id);
      await recordAudit(trx, { label: `staff:${row.id} ${row.email}`, display: 'Shop', ip }, { action: 'staff.password.set', target: `staff:${row.id}`, summary: { by: 'one-time link' } });
      return row.email;
    });
    await this.throttle.forgetAccount(`staff:${email}`);
  }
}
