import type { BillingInfo, Customer, LoginRequest, SignUp, UpdatePassword } from '../../../contract/accounts';
import { ERRORS, SERVER_MESSAGES } from '../../../contract/messages';
import type { SignedInCustomer } from '../../platform/http/auth-context';
import { Forbidden, Invalid, NotFound, Unauthorized } from '../../platform/errors';
import { writeTransaction } from '../../platform/db/database';
import { enqueueMail } from '../../platform/mail/mailer';
import type { OutboxDispatcher } from '../../platform/outbox/outbox';
import { withFreshCode } from './codes';
import { greetingName, nameAndAddressColumns, toCustomer } from './customer-json';
import { EmailChange } from './email-change';
import { passwordChangedNotice } from './mails';
import { assertAcceptablePassword, hashPassword, hashSecurityAnswer, prepareDummyHash, verifyAgainstDummy, verifyPassword } from '../../platform/auth/passwords';
import * as q from './queries';
import { Recovery } from './recovery';
import { SessionStore } from './sessions';
import { ShipToService } from './ship-tos';
import { LoginThrottle } from '../../platform/auth/login-throttle';
import { loginFailures } from './login-failures';
import type { WebhookEvents } from '../../staff';
import { isUniqueViolation } from '../../platform/db/constraints';

export const emailKey = (email: string) => email.trim().toLowerCase();
const bit = (b: boolean) => (b ? 1 : 0);

/** The rules of customer accounts: sign-in, sign-up and the profile (spec §3–§7, DESIGN.md §3). */
export class AccountService {
  readonly sessions: SessionStore;
  readonly throttle: LoginThrottle;
  readonly shipTos: ShipToService;
  readonly recovery: Recovery;
  readonly emailChange: EmailChange;

  constructor(
    private readonly db: q.Db,
    private readonly outbox: OutboxDispatcher,
    publicUrl: string,
    /** customer.created webhooks (absent where nobody listens: scripts that create accounts). */
    private readonly events?: WebhookEvents,
    /** SIGNUP_APPROVAL=on: new accounts start pending and wait for staff approval. */
    private readonly signUpApproval = false,
    /** DEFAULT_CREDIT_LIMIT in cents: the credit limit of a new account (decision 0022); the column's default when absent. */
    private readonly newAccountCreditLimitCents?: number,
  ) {
    this.sessions = new SessionStore(db);
    this.throttle = new LoginThrottle(loginFailures(db));
    this.recovery = new Recovery(db, outbox, this.sessions, this.throttle, publicUrl);
    this.shipTos = new ShipToService(db, (id) => this.customer(id));
    this.emailChange = new EmailChange(db, outbox, this.sessions, this.throttle, this.recovery, (email, id) => this.assertEmailAvailable(email, id));
    void prepareDummyHash();
  }

  resolveCustomer = (token: string): Promise<SignedInCustomer | null> => this.sessions.resolve(token);

  /** The customer JSON; 401 if the customer has gone (the token outlived the account). */
  async customer(customerId: number): Promise<Customer> {
    // Side by side: on PostgreSQL two round trips at once rather than one after the other.
    const [row, shipTos] = await Promise.all([q.findCustomerById(this.db, customerId), q.listShipTos(this.db, customerId)]);
    if (!row) throw new Unauthorized();
    return toCustomer(row, shipTos);
  }

  /**
   * The customer as the order desk orders for them (a staff-entered order): who they are to the
   * price book (status, price level and its version) and the level's name; undefined when unknown.
   */
  async orderingIdentity(customerId: number): Promise<{ who: SignedInCustomer; priceLevelName: string | null } | undefined> {
    const row = await q.findOrderingIdentity(this.db, customerId);
    if (!row) return undefined;
    const priceLevel = row.priceLevelId === null || row.priceLevelVersion === null ? null : { id: row.priceLevelId, version: row.priceLevelVersion };
    return { who: { id: row.id, code: row.code, status: row.status, priceLevel, tokenHash: '', actingStaff: null }, priceLevelName: row.priceLevelName };
  }

  /**
   * Same answer, and the same work, for an unknown email and a wrong password. The throttle
   * counts failures, and holds back bursts of parallel guesses (throttle.ts).
   */
  async login(input: LoginRequest, ip: string): Promise<{ customer: Customer; token: string }> {
    const key = emailKey(input.username);
    const row = await q.findCustomerByEmailKey(this.db, key);
    const ok = await this.throttle.attempt(key, ip, () => (row ? verifyPassword(row.password_hash, input.password) : verifyAgainstDummy(input.password)));
    if (!row || !ok) throw new Unauthorized(ERRORS.login.invalidCredentials);
    const token = await this.sessions.open(row.id);
    return { customer: await this.customer(row.id), token };
  }

  logout(who: SignedInCustomer): Promise<void> {
    return this.sessions.revoke(who.tokenHash);
  }

  async assertEmailAvailable(email: string, exceptCustomerId?: number): Promise<void> {
    if (await q.emailKeyTaken(this.db, emailKey(email), exceptCustomerId)) throw new Invalid(ERRORS.emailAlreadyRegistered);
  }

  async signUp(input: SignUp): Promise<Customer> {
    await this.assertEmailAvailable(input.email);
    // Refused before any hashing: a common password costs the server nothing.
    assertAcceptablePassword(input.password);
    const [passwordHash, answerHash] = await Promise.all([hashPassword(input.password), hashSecurityAnswer(input.securityQuestionAnswer)]);
    const now = new Date().toISOString();
    const row = {
      email: input.email,
      email_key: emailKey(input.email),
      email_verified: 0,
      password_hash: passwordHash,
      permissions: '[]',
      ...billingColumns(input),
      security_question: input.securityQuestion,
      security_answer_hash: answerHash,
      find_a_pro: bit(input.findAPro),
      prod_info_email: bit(input.prodInfoEmail),
      prod_info_fax: bit(input.prodInfoFax),
      status: this.signUpApproval ? ('pending' as const) : ('active' as const),
      ...(this.newAccountCreditLimitCents === undefined ? {} : { credit_limit_cents: this.newAccountCreditLimitCents }),
      created_at: now,
      updated_at: now,
    };
    let id: number;
    try {
      // The account, its verification link and the welcome mail commit together.
      id = await withFreshCode('C', (code) =>
        writeTransaction(this.db, async (trx) => {
          const inserted = await q.insertCustomer(trx, { ...row, code });
          await this.recovery.queueWelcome(trx, inserted);
          await this.events?.publish(trx, 'customer.created', `customer ${inserted}`, async () => toCustomer((await q.findCustomerById(trx, inserted))!, []));
          return inserted;
        }),
      );
    } catch (err) {
      // Two sign-ups with one address at the same moment: the second meets the unique index.
      if (isUniqueViolation(err)) await this.assertEmailAvailable(input.email);
      throw err;
    }
    this.outbox.poke();
    return this.customer(id);
  }

  /** PUT /Customer/updateAccount/{code}: only the caller's own code; anything else is 403. */
  async updateBillingInfo(who: SignedInCustomer, code: string, input: BillingInfo): Promise<Customer> {
    if (code !== who.code) throw new Forbidden(SERVER_MESSAGES.notYourAccount);
    await q.updateCustomer(this.db, who.id, { ...billingColumns(input), updated_at: new Date().toISOString() });
    return this.customer(who.id);
  }

  /** PUT /Customer/UpdateEmail/{email}: the change waits for its link (email-change.ts). */
  async updateEmail(who: SignedInCustomer, email: string): Promise<Customer> {
    await this.emailChange.request(who, email);
    return this.customer(who.id);
  }

  /** Checks the current password (counted like a sign-in) and signs out every other session. */
  async updatePassword(who: SignedInCustomer, input: UpdatePassword, ip: string): Promise<Customer> {
    assertAcceptablePassword(input.newPassword);
    const row = await this.row(who);
    if (!(await this.throttle.attempt(row.email_key, ip, () => verifyPassword(row.password_hash, input.oldPassword)))) {
      throw new Invalid(SERVER_MESSAGES.currentPasswordWrong);
    }
    const passwordHash = await hashPassword(input.newPassword);
    await writeTransaction(this.db, async (trx) => {
      await q.updateCustomer(trx, who.id, { password_hash: passwordHash, updated_at: new Date().toISOString() });
      await enqueueMail(trx, 'password-changed', passwordChangedNotice(row.email, greetingName(row)));
    });
    this.outbox.poke();
    await this.sessions.revokeOthers(who.id, who.tokenHash);
    return this.customer(who.id);
  }

  async updateSecurityQuestion(who: SignedInCustomer, question: string, answer: string): Promise<Customer> {
    const answerHash = await hashSecurityAnswer(answer);
    const now = new Date().toISOString();
    await q.updateCustomer(this.db, who.id, { security_question: question, security_answer_hash: answerHash, updated_at: now });
    return this.customer(who.id);
  }

  private async row(who: SignedInCustomer): Promise<q.CustomerRow> {
    const row = await q.findCustomerById(this.db, who.id);
    if (!row) throw new NotFound(ERRORS.userNotFoundSignIn);
    return row;
  }
}

function billingColumns(input: Omit<BillingInfo, 'code'>) {
  return { ...nameAndAddressColumns(input), web: input.web };
}
