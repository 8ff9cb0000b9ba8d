import { ERRORS } from '../../../contract/messages';
import { Invalid } from '../../platform/errors';
import { writeTransaction } from '../../platform/db/database';
import { enqueueMail } from '../../platform/mail/mailer';
import type { OutboxDispatcher } from '../../platform/outbox/outbox';
import { greetingName } from './customer-json';
import { passwordResetMail, welcomeMail } from './mails';
import { assertAcceptablePassword, hashPassword } from '../../platform/auth/passwords';
import * as q from './queries';
import { hashToken, looksLikeToken, newToken } from '../../platform/auth/tokens';
import type { SessionStore } from './sessions';
import type { LoginThrottle } from '../../platform/auth/login-throttle';

const HOUR_MS = 60 * 60 * 1000;
export const RESET_LINK_LIFETIME_MS = HOUR_MS;
export const VERIFY_LINK_LIFETIME_MS = 7 * 24 * HOUR_MS;
/** Reset mails per account per hour: enough for a lost mail, too few to flood an inbox. */
const MAX_RESET_MAILS_PER_HOUR = 5;

/** Password reset and email verification: one-time links sent by mail. */
export class Recovery {
  readonly baseUrl: string;

  constructor(
    private readonly db: q.Db,
    private readonly outbox: OutboxDispatcher,
    private readonly sessions: SessionStore,
    private readonly throttle: LoginThrottle,
    publicUrl: string,
  ) {
    this.baseUrl = publicUrl.replace(/\/+$/, '');
  }

  /**
   * POST /System/ForgotPassword. All the work happens after the answer, which is the same 202
   * whether or not the address is registered: the token and its mail are written in one
   * transaction, so a link is never issued without its mail nor mailed without its token.
   */
  requestReset(email: string): void {
    this.outbox.runDetached(() =>
      writeTransaction(this.db, async (trx) => {
        const row = await q.findCustomerByEmailKey(trx, email.trim().toLowerCase());
        if (!row) return;
        const now = Date.now();
        const recent = await q.countTokensSince(trx, 'password_reset_tokens', row.id, new Date(now - HOUR_MS).toISOString());
        if (recent >= MAX_RESET_MAILS_PER_HOUR) return;
        await this.queueReset(trx, row);
      }),
    );
  }

  /** Issues a reset link for the customer and queues its mail, in `trx` (also the back office's "send password reset"). */
  async queueReset(trx: q.Db, row: Pick<q.CustomerRow, 'id' | 'email' | 'first_name' | 'last_name' | 'org_name'>): Promise<void> {
    const token = await this.issue(trx, 'password_reset_tokens', row.id, row.email, RESET_LINK_LIFETIME_MS);
    await enqueueMail(trx, 'password-reset', passwordResetMail(row.email, greetingName(row), `${this.baseUrl}/resetpassword?access_token=${token}`), { secret: true });
  }

  /** POST /System/ResetPassword: single use, one hour; signs every session out. */
  async resetPassword(accessToken: string, newPassword: string): Promise<void> {
    if (!looksLikeToken(accessToken)) throw new Invalid(ERRORS.invalidResetToken);
    // Before the link is used up: a refused password leaves it valid for another try.
    assertAcceptablePassword(newPassword);
    const now = new Date().toISOString();
    const used = await q.consumeOneTimeToken(this.db, 'password_reset_tokens', hashToken(accessToken), now);
    const row = used && (await q.findCustomerById(this.db, used.customer_id));
    if (!used || !row) throw new Invalid(ERRORS.invalidResetToken);
    const passwordHash = await hashPassword(newPassword);
    // Following the link proved the mailbox is the customer's, if it is still their address.
    const verified = used.email.toLowerCase() === row.email_key ? 1 : row.email_verified;
    // A reset also drops a pending email change: whoever asked for it may be who the reset shuts out.
    await q.updateCustomer(this.db, row.id, { password_hash: passwordHash, email_verified: verified, pending_email: '', pending_email_session: '', updated_at: now });
    await this.sessions.revokeAll(row.id);
    await this.voidResetLinks(row.id);
    await this.throttle.forgetAccount(row.email_key);
  }

  /** After a reset or an email change, earlier reset links stop working. */
  voidResetLinks(customerId: number): Promise<void> {
    return q.voidTokensOf(this.db, 'password_reset_tokens', customerId, new Date().toISOString());
  }

  /** Queues the welcome with a verification link for the customer's address (sign-up), in the sign-up's transaction. */
  async queueWelcome(trx: q.Db, customerId: number): Promise<void> {
    const row = await q.findCustomerById(trx, customerId);
    if (!row) return;
    const token = await this.issue(trx, 'email_verification_tokens', row.id, row.email, VERIFY_LINK_LIFETIME_MS);
    await enqueueMail(trx, 'welcome', welcomeMail(row.email, greetingName(row), `${this.baseUrl}/beapi/System/VerifyEmail?access_token=${token}`), { secret: true });
  }

  /** Stores a new one-time link token for `email` (in `db`, the caller's transaction) and answers the raw token (only the mail holds it). */
  async issue(db: q.Db, kind: q.OneTimeTokenKind, customerId: number, email: string, lifetimeMs: number): Promise<string> {
    const { token, tokenHash } = newToken();
    const now = Date.now();
    await q.insertOneTimeToken(db, kind, {
      customer_id: customerId,
      token_hash: tokenHash,
      email,
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + lifetimeMs).toISOString(),
      used_at: null,
    });
    return token;
  }
}
