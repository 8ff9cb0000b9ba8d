import { randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify as verifyTotp } from 'otplib';
import QRCode from 'qrcode';
import { can, permissionsOf, type Permission, type Role } from '../../contract/admin/permissions';
import { STAFF, STAFF_MESSAGES, type Staff, type StaffListItem, type StaffSession } from '../../contract/admin/staff';
import type { Actor } from '../audit/audit';
import { recordAudit } from '../audit/audit';
import { hashToken, newToken } from '../accounts/sessions';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../accounts/passwords';
import { LoginThrottle } from '../accounts/throttle';
import { writeTransaction } from '../db/database';
import { Conflict, DomainError, Invalid, NotFound, Unauthorized } from '../errors';
import * as q from './queries';

const HOUR_MS = 60 * 60 * 1000;
const IDLE_MS = STAFF.idleHours * HOUR_MS;
const MAX_MS = STAFF.maxDays * 24 * HOUR_MS;
/** last_seen_at is written at most every 5 minutes, so reading pages does not write on every call. */
const TOUCH_EVERY_MS = 5 * 60 * 1000;

/** A signed-in staff member, as the admin routes see them. */
export interface StaffMember extends Staff {
  tokenHash: string;
  csrfToken: string;
  totpEnabled: boolean;
}

/** 401 with `{"totpRequired": true}` beside the problem's fields (DESIGN.md §5). */
export class TotpRequired extends DomainError {
  constructor() {
    super(401, 'Unauthorized', STAFF_MESSAGES.totpRequired);
  }
}

export function staffActor(staff: Staff, ip: string): Actor {
  const role = staff.roles.includes('warehouse') && staff.roles.length === 1 ? 'Warehouse' : staff.roles.includes('orders') ? 'Order desk' : 'Shop';
  return { label: `staff:${staff.id} ${staff.email}`, display: role, ip };
}

function toStaff(row: Pick<q.StaffRow, 'id' | 'email' | 'name' | 'roles' | 'warehouse'>): Staff {
  return { id: row.id, email: row.email, name: row.name, roles: JSON.parse(row.roles) as Role[], warehouse: row.warehouse };
}

export class StaffService {
  private readonly throttle: LoginThrottle;

  constructor(private readonly db: q.Db) {
    this.throttle = new LoginThrottle(db);
  }

  /** Checks email, password and (when enrolled) the TOTP code; opens a session. */
  async login(email: string, password: string, code: string | undefined, ip: string, userAgent: string): Promise<{ token: string; session: StaffSession }> {
    const key = `staff:${email}`;
    let row: q.StaffRow | undefined;
    let needsCode = false;
    const ok = await this.throttle.attempt(key, ip, async () => {
      row = await q.findStaffByEmail(this.db, email);
      if (!row || row.active !== 1) return verifyAgainstDummy(password);
      if (!(await verifyPassword(row.password_hash, password))) return false;
      if (row.totp_enabled === 1) {
        // The password was right: a missing code is not a failure, a wrong one is.
        if (code === undefined) {
          needsCode = true;
          return true;
        }
        return this.acceptCode(row, code);
      }
      return true;
    });
    if (!ok || !row || row.active !== 1) throw new Unauthorized(STAFF_MESSAGES.invalidCredentials);
    if (needsCode) throw new TotpRequired();
    // attempt() answered true for this row: password (and code) were right.
    const staffRow = row;
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
      await q.deleteDeadSessions(trx, new Date(now.getTime() - IDLE_MS).toISOString(), now.toISOString());
    });
    const staff = toStaff(staffRow);
    return { token, session: { staff, csrfToken, permissions: permissionsOf(staff.roles), totpEnabled: staffRow.totp_enabled === 1 } };
  }

  /** A code is accepted once, within ±1 time step of the server's clock. */
  private async acceptCode(row: q.StaffRow, code: string): Promise<boolean> {
    if (!row.totp_secret) return false;
    const result = await verifyTotp({ secret: row.totp_secret, token: code, epochTolerance: 30, afterTimeStep: row.totp_last_step });
    if (!result.valid || !('timeStep' in result)) return false;
    return q.useTimeStep(this.db, row.id, row.totp_last_step, result.timeStep);
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

  /** Starts enrolment: a new secret, not yet in force until a code from it is confirmed. */
  async startTotp(member: StaffMember, actor: Actor): Promise<{ uri: string; qrSvg: string; secret: string }> {
    const secret = generateSecret();
    await writeTransaction(this.db, async (trx) => {
      await q.updateStaff(trx, member.id, { totp_secret: secret, totp_enabled: 0, totp_last_step: 0 });
      await recordAudit(trx, actor, { action: 'staff.totp.start', target: `staff:${member.id}` });
    });
    const uri = generateURI({ issuer: 'Skyline Balloons back office', label: member.email, secret });
    const svg = await QRCode.toString(uri, { type: 'svg', margin: 1 });
    return { uri, qrSvg: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`, secret };
  }

  async confirmTotp(member: StaffMember, actor: Actor, code: string): Promise<void> {
    const row = await q.findStaffById(this.db, member.id);
    if (!row?.totp_secret || !(await this.acceptCode(row, code))) throw new Invalid(STAFF_MESSAGES.totpCodeWrong);
    await writeTransaction(this.db, async (trx) => {
      await q.updateStaff(trx, member.id, { totp_enabled: 1 });
      await recordAudit(trx, actor, { action: 'staff.totp.enable', target: `staff:${member.id}` });
    });
  }

  async disableTotp(member: StaffMember, actor: Actor, password: string): Promise<void> {
    const row = await q.findStaffById(this.db, member.id);
    if (!row || !(await this.throttle.attempt(`staff:${row.email}`, actor.ip, () => verifyPassword(row.password_hash, password)))) {
      throw new Invalid(STAFF_MESSAGES.currentPasswordWrong);
    }
    await writeTransaction(this.db, async (trx) => {
      await q.updateStaff(trx, member.id, { totp_enabled: 0, totp_secret: null, totp_last_step: 0 });
      await recordAudit(trx, actor, { action: 'staff.totp.disable', target: `staff:${member.id}` });
    });
  }

  // ---- staff management (owner) ----------------------------------------------------------------

  async list(): Promise<StaffListItem[]> {
    return (await q.listStaff(this.db)).map((r) => ({
      ...toStaff(r),
      active: r.active === 1,
      totpEnabled: r.totp_enabled === 1,
      lastSignInAt: r.last_sign_in_at,
      createdAt: r.created_at,
    }));
  }

  /** Used by the admin API, `npm run staff:add` and the demo data. */
  async create(actor: Actor, input: { email: string; name: string; roles: Role[]; warehouse: 'west' | 'east' | null; password: string }): Promise<StaffListItem> {
    const hash = await hashPassword(input.password);
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
      await recordAudit(trx, actor, { action: 'staff.create', target: `staff:${newId}`, summary: { email: input.email, roles: input.roles, warehouse: input.warehouse } });
      return newId;
    });
    return (await this.list()).find((s) => s.id === id)!;
  }

  async update(actor: Actor, id: number, change: { name?: string; roles?: Role[]; warehouse?: 'west' | 'east' | null; active?: boolean }): Promise<StaffListItem> {
    await writeTransaction(this.db, async (trx) => {
      const before = await q.findStaffById(trx, id, true);
      if (!before) throw new NotFound(STAFF_MESSAGES.staffNotFound(id));
      const wasOwner = before.active === 1 && (JSON.parse(before.roles) as Role[]).includes('owner');
      const staysOwner = (change.active ?? before.active === 1) && (change.roles ?? (JSON.parse(before.roles) as Role[])).includes('owner');
      if (wasOwner && !staysOwner && (await q.countActiveOwners(trx)) <= 1) throw new Conflict(STAFF_MESSAGES.lastOwner);
      await q.updateStaff(trx, id, {
        ...(change.name !== undefined ? { name: change.name } : {}),
        ...(change.roles !== undefined ? { roles: JSON.stringify([...new Set(change.roles)]) } : {}),
        ...(change.warehouse !== undefined ? { warehouse: change.warehouse } : {}),
        ...(change.active !== undefined ? { active: change.active ? 1 : 0 } : {}),
      });
      // A deactivated member, or one whose roles changed, signs in again.
      if (change.active === false || change.roles !== undefined) await q.deleteAllSessions(trx, id);
      await recordAudit(trx, actor, {
        action: 'staff.update',
        target: `staff:${id}`,
        summary: { before: { name: before.name, roles: JSON.parse(before.roles), warehouse: before.warehouse, active: before.active === 1 }, after: change },
      });
    });
    return (await this.list()).find((s) => s.id === id)!;
  }
}

export function allows(member: Staff, permission: Permission): boolean {
  return can(member.roles, permission);
}
