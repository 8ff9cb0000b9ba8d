import { randomBytes } from 'node:crypto';
import { can, permissionsOf, type Permission, type Role } from '../../contract/admin/permissions';
import { STAFF, STAFF_MESSAGES, type StaffListItem } from '../../contract/admin/staff';
import type { Staff, StaffSession } from '../../contract/admin/staff-session';
import type { Actor } from '../platform/audit/audit';
import { recordAudit } from '../platform/audit/audit';
import { hashToken, newToken } from '../platform/auth/tokens';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../platform/auth/passwords';
import { type FailureLog, LoginThrottle } from '../platform/auth/login-throttle';
import { writeTransaction } from '../platform/db/database';
import { Conflict, DomainError, Invalid, NotFound, Unauthorized } from '../platform/errors';
import { CodeLimit } from './code-limit';
import * as q from './queries';
import { SignInReset } from './sign-in-reset';
import { acceptCode, TotpEnrolment } from './totp';
import type { StaffMember } from './member';

const HOUR_MS = 60 * 60 * 1000;
const IDLE_MS = STAFF.idleHours * HOUR_MS;
const MAX_MS = STAFF.maxDays * 24 * HOUR_MS;
/** last_seen_at is written at most every 5 minutes, so reading pages does not write on every call. */
const TOUCH_EVERY_MS = 5 * 60 * 1000;

/** 401 with `{"totpRequired": true}` beside the problem's fields (DESIGN.md §5). */
export class TotpRequired extends DomainError {
  constructor() {
    super(401, 'Unauthorized', STAFF_MESSAGES.totpRequired);
  }
}

export function staffActor(staff: Staff, ip: string): Actor {
  const role = staff.roles.includes('warehouse') && staff.roles.length === 1 ? 'Warehouse' : staff.roles.includes('orders') ? 'Order desk' : 'Shop';
  return { label: `staff:${staff.id} ${staff.email}`, display: role, name: staff.name, ip };
}

function toStaff(row: Pick<q.StaffRow, 'id' | 'email' | 'name' | 'roles' | 'warehouse'>): Staff {
  return { id: row.id, email: row.email, name: row.name, roles: JSON.parse(row.roles) as Role[], warehouse: row.warehouse };
}

export class StaffService {
  private readonly throttle: LoginThrottle;
  private readonly codes: CodeLimit;
  /** Set up, confirm, replace and turn off the authenticator (My account). */
  readonly totp: TotpEnrolment;
  /** An owner's reset of a member's sign-in, and the one-time link that sets a new password. */
  readonly signInReset: SignInReset;

  /**
   * `failures`: where wrong passwords are counted (the customers' sign-in log: one address's
   * failures count over both sign-ins). `publicUrl` and `poke` (the outbox's) for the mailed
   * links; the staff:add script needs neither.
   */
  constructor(
    private readonly db: q.Db,
    failures: FailureLog,
    publicUrl = '',
    poke: () => void = () => {},
  ) {
    this.throttle = new LoginThrottle(failures);
    this.codes = new CodeLimit(db);
    this.totp = new TotpEnrolment(db, this.throttle, this.codes);
    this.signInReset = new SignInReset(db, this.throttle, this.codes, publicUrl, poke);
  }

  /**
   * Checks email, password and (when enrolled) the TOTP code; opens a session. The password is
   * throttled like a customer's; wrong codes also have their own limit per member (CodeLimit).
   * A right password without a code (401 totpRequired) is no sign-in: it forgets no failures.
   */
  async login(email: string, password: string, code: string | undefined, ip: string, userAgent: string): Promise<{ token: string; session: StaffSession }> {
    const found = await q.findStaffByEmail(this.db, email);
    // Too many wrong codes: 429 for every sign-in of the member, from any address.
    if (found?.totp_enabled === 1) await this.codes.check(found.id);
    const ok = await this.throttle.attempt(`staff:${email}`, ip, async () => {
      if (!found || found.active !== 1 || !found.password_hash) return verifyAgainstDummy(password);
      if (!(await verifyPassword(found.password_hash, password))) return false;
      if (found.totp_enabled !== 1) return true;
      // Thrown, not answered: neither a failure nor a success (which would forget this address's failures).
      if (code === undefined) throw new TotpRequired();
      // Its place stays as a wrong code unless the code is right (then the sign-in forgets them all).
      await this.codes.take(found.id, ip);
      return acceptCode(this.db, found, code);
    });
    if (!ok || !found || found.active !== 1) throw new Unauthorized(STAFF_MESSAGES.invalidCredentials);
    const staffRow = found;
    const { token, tokenHash } = newToken();
    const csrfToken = randomBytes(24).toString('base64url');
    const now = new Date();
    await writeTransaction(this.db, async (trx) => {
      await q.insertSession(trx, {
        token_hash: tokenHash,
        staff_id: staffRow.id,
        csrf_token: csrfToken,
        created_at: now.toISOString(),
        last_seen_at: now.toISOString(),
        expires_at: new Date(now.getTime() + MAX_MS).toISOString(),
        ip,
        user_agent: userAgent.slice(0, 300),
      });
      await q.setLastSignIn(trx, staffRow.id, now.toISOString());
      // A full sign-in: the member's wrong codes are forgotten.
      if (staffRow.totp_enabled === 1) await this.codes.forget(trx, staffRow.id);
      await q.deleteDeadSessions(trx, new Date(now.getTime() - IDLE_MS).toISOString(), now.toISOString());
    });
    const staff = toStaff(staffRow);
    return { token, session: { staff, csrfToken, permissions: permissionsOf(staff.roles), totpEnabled: staffRow.totp_enabled === 1 } };
  }

  /** The staff member of a live session cookie; null for anything else. */
  async resolve(token: string): Promise<StaffMember | null> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
    const tokenHash = hashToken(token);
    const now = Date.now();
    const found = await q.findLiveSession(this.db, tokenHash, new Date(now).toISOString(), new Date(now - IDLE_MS).toISOString());
    if (!found) return null;
    if (now - Date.parse(found.session.last_seen_at) > TOUCH_EVERY_MS) await q.touchSession(this.db, tokenHash, new Date(now).toISOString());
    return { ...toStaff(found.staff), tokenHash, csrfToken: found.session.csrf_token, totpEnabled: found.staff.totp_enabled === 1 };
  }

  session(member: StaffMember): StaffSession {
    const staff: Staff = { id: member.id, email: member.email, name: member.name, roles: member.roles, warehouse: member.warehouse };
    return { staff, csrfToken: member.csrfToken, permissions: permissionsOf(member.roles), totpEnabled: member.totpEnabled };
  }

  logout(member: StaffMember): Promise<void> {
    return q.deleteSession(this.db, member.tokenHash);
  }

  async changePassword(member: StaffMember, actor: Actor, currentPassword: string, newPassword: string): Promise<void> {
    const row = await q.findStaffById(this.db, member.id);
    if (!row || !(await this.throttle.attempt(`staff:${row.email}`, actor.ip, () => verifyPassword(row.password_hash, currentPassword)))) {
      throw new Invalid(STAFF_MESSAGES.currentPasswordWrong);
    }
    const hash = await hashPassword(newPassword);
    await writeTransaction(this.db, async (trx) => {
      await q.updateStaff(trx, member.id, { password_hash: hash });
      // Every other session of this member ends.
      await q.deleteOtherSessions(trx, member.id, member.tokenHash);
      await recordAudit(trx, actor, { action: 'staff.password', target: `staff:${member.id}` });
    });
  }

  // ---- staff management (owner) ----------------------------------------------------------------

  async list(): Promise<StaffListItem[]> {
    return (await q.listStaff(this.db)).map((r) => ({
      ...toStaff(r),
      active: r.active === 1,
      totpEnabled: r.totp_enabled === 1,
      awaitingPassword: r.password_hash === '',
      lastSignInAt: r.last_sign_in_at,
      createdAt: r.created_at,
    }));
  }

  /**
   * Used by the admin API, `npm run staff:add` and the demo data. Without a password the member is
   * mailed a one-time link to set one (DESIGN.md §7), in the same transaction.
   */
  async create(actor: Actor, input: { email: string; name: string; roles: Role[]; warehouse: 'west' | 'east' | null; password?: string | undefined }): Promise<StaffListItem> {
    // An empty hash matches no password until the link sets one.
    const hash = input.password === undefined ? '' : await hashPassword(input.password);
    const now = new Date().toISOString();
    const id = await writeTransaction(this.db, async (trx) => {
      if (await q.findStaffByEmail(trx, input.email)) throw new Conflict(STAFF_MESSAGES.emailTaken);
      const newId = await q.insertStaff(trx, {
        email: input.email,
        name: input.name,
        password_hash: hash,
        roles: JSON.stringify([...new Set(input.roles)]),
        warehouse: input.warehouse,
        created_at: now,
        updated_at: now,
      });
      if (!hash) await this.signInReset.mailLink(trx, { id: newId, email: input.email, name: input.name }, 'new-member');
      await recordAudit(trx, actor, {
        action: 'staff.create',
        target: `staff:${newId}`,
        summary: { email: input.email, roles: input.roles, warehouse: input.warehouse, ...(hash ? {} : { setPasswordLinkMailed: true }) },
      });
      return newId;
    });
    if (!hash) this.signInReset.sendNow();
    return (await this.list()).find((s) => s.id === id)!;
  }

  async update(actor: Actor, id: number, change: { name?: string; roles?: Role[]; warehouse?: 'west' | 'east' | null; active?: boolean }): Promise<StaffListItem> {
    await writeTransaction(this.db, async (trx) => {
      // First, under a lock: two members demoted at the same moment cannot both leave "another owner".
      const owners = await q.countActiveOwnersLocked(trx);
      const before = await q.findStaffById(trx, id, true);
      if (!before) throw new NotFound(STAFF_MESSAGES.staffNotFound(id));
      const wasOwner = before.active === 1 && (JSON.parse(before.roles) as Role[]).includes('owner');
      const staysOwner = (change.active ?? before.active === 1) && (change.roles ?? (JSON.parse(before.roles) as Role[])).includes('owner');
      if (wasOwner && !staysOwner && owners <= 1) throw new Conflict(STAFF_MESSAGES.lastOwner);
      await q.updateStaff(trx, id, {
        ...(change.name !== undefined ? { name: change.name } : {}),
        ...(change.roles !== undefined ? { roles: JSON.stringify([...new Set(change.roles)]) } : {}),
        ...(change.warehouse !== undefined ? { warehouse: change.warehouse } : {}),
        ...(change.active !== undefined ? { active: change.active ? 1 : 0 } : {}),
      });
      // A deactivated member, or one whose roles changed, signs in again.
      if (change.active === false || change.roles !== undefined) await q.deleteAllSessions(trx, id);
      // Their keys: revoked with a deactivation; after a change of roles each key is held to what they still may do, at each call.
      const keysRevoked = change.active === false ? await q.revokeKeysMadeBy(trx, id, new Date().toISOString()) : 0;
      await recordAudit(trx, actor, {
        action: 'staff.update',
        target: `staff:${id}`,
        summary: {
          before: { name: before.name, roles: JSON.parse(before.roles), warehouse: before.warehouse, active: before.active === 1 },
          after: change,
          ...(keysRevoked > 0 ? { apiKeysRevoked: keysRevoked } : {}),
        },
      });
    });
    return (await this.list()).find((s) => s.id === id)!;
  }
}

export function allows(member: Staff, permission: Permission): boolean {
  return can(member.roles, permission);
}
