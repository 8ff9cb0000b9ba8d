import { ERRORS, SERVER_MESSAGES } from '../../../contract/messages';
import { atField, Forbidden, Invalid, NotFound, TooManyRequests } from '../../platform/errors';
import type { SignedInCustomer } from '../../platform/http/auth-context';
import { writeTransaction } from '../../platform/db/database';
import { enqueueMail } from '../../platform/mail/mailer';
import type { OutboxDispatcher } from '../../platform/outbox/outbox';
import { greetingName } from './customer-json';
import { confirmNewEmailMail, emailChangedNotice, emailChangeRequestedByStaffNotice, emailChangeRequestedNotice } from './mails';
import { verifyPassword } from '../../platform/auth/passwords';
import * as q from './queries';
import { type Recovery, VERIFY_LINK_LIFETIME_MS } from './recovery';
import { hashToken, looksLikeToken } from '../../platform/auth/tokens';
import type { SessionStore } from './sessions';
import type { LoginThrottle } from '../../platform/auth/login-throttle';
import { isUniqueViolation } from '../../platform/db/constraints';

const HOUR_MS = 60 * 60 * 1000;
/** How recently a session must have entered its password to change the email (DESIGN.md §3). */
export const RECENT_PASSWORD_MS = 10 * 60 * 1000;
/** "This was not me" links live as long as the confirmation link they answer. */
export const REVERT_LINK_LIFETIME_MS = 7 * 24 * HOUR_MS;
/** Verification mails per customer per hour (sign-up, changes, resends), like reset mails. */
export const MAX_VERIFY_MAILS_PER_HOUR = 5;

const key = (email: string) => email.trim().toLowerCase();

/** What opening a verification link did. */
export type VerifyOutcome = 'verified' | 'changed' | 'invalid';

/**
 * The email change of DESIGN.md §3 (docs/decisions/0012-email-change.md): a stolen token alone
 * cannot move the account to another mailbox. The change waits for the new address's link; the
 * old address keeps every mail until then and gets a way back; completion signs out the rest.
 */
export class EmailChange {
  constructor(
    private readonly db: q.Db,
    private readonly outbox: OutboxDispatcher,
    private readonly sessions: SessionStore,
    private readonly throttle: LoginThrottle,
    private readonly recovery: Recovery,
    private readonly assertAvailable: (email: string, exceptCustomerId: number) => Promise<void>,
  ) {}

  /** POST /Customer/ConfirmPassword: counted like a sign-in; opens the 10-minute window of this session. */
  async confirmPassword(who: SignedInCustomer, password: string, ip: string): Promise<void> {
    const row = await this.row(who);
    if (!(await this.throttle.attempt(row.email_key, ip, () => verifyPassword(row.password_hash, password)))) {
      throw new Invalid(SERVER_MESSAGES.currentPasswordWrong);
    }
    await this.sessions.markPasswordEntered(who.tokenHash);
  }

  /** PUT /Customer/UpdateEmail/{email}: records the change as pending and mails both addresses. */
  async request(who: SignedInCustomer, email: string): Promise<void> {
    if (!(await this.sessions.passwordEnteredWithin(who.tokenHash, RECENT_PASSWORD_MS))) {
      throw new Forbidden(SERVER_MESSAGES.passwordConfirmationNeeded);
    }
    const row = await this.row(who);
    const now = new Date().toISOString();
    if (key(email) === row.email_key) {
      // Back to the current mailbox (or only its spelling): nothing to verify, any pending change ends.
      await this.voidPendingLinks(this.db, row, now);
      await q.updateCustomer(this.db, row.id, { email, pending_email: '', pending_email_session: '', updated_at: now });
      return;
    }
    await this.assertAvailable(email, row.id);
    await this.assertUnderMailCap(row.id);
    // The pending change, its two links and the two mails that carry them commit together.
    await writeTransaction(this.db, async (trx) => {
      await this.voidPendingLinks(trx, row, now);
      await q.updateCustomer(trx, row.id, { pending_email: email, pending_email_session: who.tokenHash, updated_at: now });
      const revertToken = await this.recovery.issue(trx, 'email_revert_tokens', row.id, row.email, REVERT_LINK_LIFETIME_MS);
      const revertUrl = `${this.recovery.baseUrl}/beapi/System/RevertEmailChange?access_token=${revertToken}`;
      await enqueueMail(trx, 'email-change-requested', emailChangeRequestedNotice(row.email, greetingName(row), email, revertUrl), { secret: true });
      await this.queueConfirmation(trx, row.id, email);
    });
    this.outbox.poke();
  }

  /**
   * Staff correcting the address (DESIGN.md §7), in the caller's transaction with its audit row:
   * the same pending change as the buyer's, its link mailed to the new address, the current one
   * told with its way back. No session asked for it, so completing it signs out every session.
   * Answers whether a change now waits for its link (false: only the spelling of the current address).
   */
  async requestByStaff(trx: q.Db, row: q.CustomerRow, email: string): Promise<boolean> {
    const now = new Date().toISOString();
    await this.voidPendingLinks(trx, row, now);
    if (key(email) === row.email_key) {
      await q.updateCustomer(trx, row.id, { email, pending_email: '', pending_email_session: '', updated_at: now });
      return false;
    }
    if (await q.emailKeyTaken(trx, key(email), row.id)) throw atField(new Invalid(ERRORS.emailAlreadyRegistered), 'email');
    const since = new Date(Date.now() - HOUR_MS).toISOString();
    if ((await q.countTokensSince(trx, 'email_verification_tokens', row.id, since)) >= MAX_VERIFY_MAILS_PER_HOUR) {
      throw new TooManyRequests(SERVER_MESSAGES.tooManyConfirmationMails, HOUR_MS / 1000);
    }
    await q.updateCustomer(trx, row.id, { pending_email: email, pending_email_session: '', updated_at: now });
    const revertToken = await this.recovery.issue(trx, 'email_revert_tokens', row.id, row.email, REVERT_LINK_LIFETIME_MS);
    const revertUrl = `${this.recovery.baseUrl}/beapi/System/RevertEmailChange?access_token=${revertToken}`;
    await enqueueMail(trx, 'email-change-requested', emailChangeRequestedByStaffNotice(row.email, greetingName(row), email, revertUrl), { secret: true });
    await this.queueConfirmation(trx, row.id, email);
    return true;
  }

  /** POST /Customer/ResendEmailChange: the confirmation link again, within the hourly cap. */
  async resend(who: SignedInCustomer): Promise<void> {
    const row = await this.row(who);
    if (!row.pending_email) throw new Invalid(SERVER_MESSAGES.noPendingEmailChange);
    await this.assertUnderMailCap(row.id);
    await writeTransaction(this.db, (trx) => this.queueConfirmation(trx, row.id, row.pending_email));
    this.outbox.poke();
  }

  /** DELETE /Customer/EmailChange: the pending change ends; its links stop working. */
  async cancel(who: SignedInCustomer): Promise<void> {
    const row = await this.row(who);
    const now = new Date().toISOString();
    await this.voidPendingLinks(this.db, row, now);
    await q.updateCustomer(this.db, row.id, { pending_email: '', pending_email_session: '', updated_at: now });
  }

  /**
   * GET /System/VerifyEmail: a link to the pending address completes the change (if the address
   * is still free) and signs out every session but the one that asked; a link to the current
   * address confirms it.
   */
  async openVerifyLink(accessToken: string): Promise<VerifyOutcome> {
    if (!looksLikeToken(accessToken)) return 'invalid';
    const now = new Date().toISOString();
    const used = await q.consumeOneTimeToken(this.db, 'email_verification_tokens', hashToken(accessToken), now);
    const row = used && (await q.findCustomerById(this.db, used.customer_id));
    if (!used || !row) return 'invalid';
    if (row.pending_email && key(used.email) === key(row.pending_email)) {
      const ok = await this.complete(row, now);
      return ok ? 'changed' : 'invalid';
    }
    if (key(used.email) !== row.email_key) return 'invalid';
    await q.updateCustomer(this.db, row.id, { email_verified: 1, updated_at: now });
    return 'verified';
  }

  /**
   * GET /System/RevertEmailChange: "this was not me". Restores the address the link was sent to,
   * drops any pending change and signs out every session, including the one that asked.
   */
  async revert(accessToken: string): Promise<boolean> {
    if (!looksLikeToken(accessToken)) return false;
    const now = new Date().toISOString();
    const used = await q.consumeOneTimeToken(this.db, 'email_revert_tokens', hashToken(accessToken), now);
    const row = used && (await q.findCustomerById(this.db, used.customer_id));
    if (!used || !row) return false;
    await this.voidPendingLinks(this.db, row, now);
    const restore = key(used.email) !== row.email_key && !(await q.emailKeyTaken(this.db, key(used.email), row.id));
    await q.updateCustomer(this.db, row.id, {
      ...(restore ? { email: used.email, email_key: key(used.email) } : {}),
      // Opening the link proved the old mailbox is the customer's.
      ...(restore || key(used.email) === row.email_key ? { email_verified: 1 } : {}),
      pending_email: '',
      pending_email_session: '',
      updated_at: now,
    });
    await this.sessions.revokeAll(row.id);
    await this.recovery.voidResetLinks(row.id);
    await q.voidTokensOf(this.db, 'email_revert_tokens', row.id, now);
    return true;
  }

  private async complete(row: q.CustomerRow, now: string): Promise<boolean> {
    const email = row.pending_email;
    if (await q.emailKeyTaken(this.db, key(email), row.id)) return false;
    try {
      // The change and the notice to the old address commit together.
      await writeTransaction(this.db, async (trx) => {
        await q.updateCustomer(trx, row.id, {
          email,
          email_key: key(email),
          email_verified: 1,
          pending_email: '',
          pending_email_session: '',
          updated_at: now,
        });
        await enqueueMail(trx, 'email-changed', emailChangedNotice(row.email, greetingName(row), email));
      });
    } catch (err) {
      // Someone registered the address in the same moment: the unique index decides.
      if (isUniqueViolation(err)) return false;
      throw err;
    }
    if (row.pending_email_session) await this.sessions.revokeOthers(row.id, row.pending_email_session);
    else await this.sessions.revokeAll(row.id);
    await this.recovery.voidResetLinks(row.id);
    this.outbox.poke();
    return true;
  }

  private async queueConfirmation(trx: q.Db, customerId: number, email: string): Promise<void> {
    const token = await this.recovery.issue(trx, 'email_verification_tokens', customerId, email, VERIFY_LINK_LIFETIME_MS);
    await enqueueMail(trx, 'email-confirm', confirmNewEmailMail(email, `${this.recovery.baseUrl}/beapi/System/VerifyEmail?access_token=${token}`), { secret: true });
  }

  private async assertUnderMailCap(customerId: number): Promise<void> {
    const since = new Date(Date.now() - HOUR_MS).toISOString();
    const recent = await q.countTokensSince(this.db, 'email_verification_tokens', customerId, since);
    if (recent >= MAX_VERIFY_MAILS_PER_HOUR) throw new TooManyRequests(SERVER_MESSAGES.tooManyConfirmationMails, HOUR_MS / 1000);
  }

  /** The links of a pending change stop working when it is replaced, cancelled or reverted. */
  private async voidPendingLinks(db: q.Db, row: q.CustomerRow, now: string): Promise<void> {
    if (row.pending_email) await q.voidTokensSentTo(db, 'email_verification_tokens', row.id, row.pending_email, now);
  }

  private async row(who: SignedInCustomer): Promise<q.CustomerRow> {
    const row = await q.findCustomerById(this.db, who.id);
    if (!row) throw new NotFound(ERRORS.userNotFoundSignIn);
    return row;
  }
}
