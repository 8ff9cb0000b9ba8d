import { generateSecret, generateURI, verify as verifyTotp } from 'otplib';
import QRCode from 'qrcode';
import { STAFF_MESSAGES } from '../../contract/admin/staff';
import { type Actor, recordAudit } from '../platform/audit/audit';
import { verifyPassword } from '../platform/auth/passwords';
import type { LoginThrottle } from '../platform/auth/login-throttle';
import { writeTransaction } from '../platform/db/database';
import { Conflict, Invalid } from '../platform/errors';
import type { CodeLimit } from './code-limit';
import * as q from './queries';
import type { StaffMember } from './member';

/**
 * A code of `secret`, accepted within ±1 time step of the server's clock and after `afterStep`:
 * the time step it belongs to, or null.
 */
async function codeStep(secret: string, code: string, afterStep: number): Promise<number | null> {
  const result = await verifyTotp({ secret, token: code, epochTolerance: 30, afterTimeStep: afterStep });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** A code of the secret in force is accepted once: its time step is used up by the first sign-in that shows it. */
export async function acceptCode(db: q.Db, row: Pick<q.StaffRow, 'id' | 'totp_secret' | 'totp_last_step'>, code: string): Promise<boolean> {
  if (!row.totp_secret) return false;
  const step = await codeStep(row.totp_secret, code, row.totp_last_step);
  return step !== null && q.useTimeStep(db, row.id, row.totp_last_step, step);
}

/**
 * My account's authenticator (decision 0027). Setting one up (or a new one) needs the password
 * and keeps the secret in force until a code of the new one is confirmed; turning it off needs
 * the password and a current code. Confirming and turning off end the member's other sessions.
 */
export class TotpEnrolment {
  constructor(
    private readonly db: q.Db,
    private readonly throttle: LoginThrottle,
    private readonly codes: CodeLimit,
  ) {}

  /** The current password, counted like a sign-in: 400 when wrong, 429 past the limits. */
  private async checkPassword(member: StaffMember, actor: Actor, password: string): Promise<q.StaffRow> {
    const row = await q.findStaffById(this.db, member.id);
    if (!row || !(await this.throttle.attempt(`staff:${row.email}`, actor.ip, () => verifyPassword(row.password_hash, password)))) {
      throw new Invalid(STAFF_MESSAGES.currentPasswordWrong);
    }
    return row;
  }

  /** A new secret, pending: the one in force (if any) still signs in until this one is confirmed. */
  async start(member: StaffMember, actor: Actor, password: string): Promise<{ uri: string; qrSvg: string; secret: string }> {
    const row = await this.checkPassword(member, actor, password);
    const secret = generateSecret();
    await writeTransaction(this.db, async (trx) => {
      await q.updateStaff(trx, member.id, { totp_pending_secret: secret });
      await recordAudit(trx, actor, { action: 'staff.totp.start', target: `staff:${member.id}`, summary: { replacing: row.totp_enabled === 1 } });
    });
    const uri = generateURI({ issuer: 'Skyline Balloons back office', label: member.email, secret });
    const svg = await QRCode.toString(uri, { type: 'svg', margin: 1 });
    return { uri, qrSvg: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`, secret };
  }

  /** A code of the pending secret puts it in force; the member's other sessions end. */
  async confirm(member: StaffMember, actor: Actor, code: string): Promise<void> {
    const row = await q.findStaffById(this.db, member.id);
    const pending = row?.totp_pending_secret;
    if (!row || !pending) throw new Conflict(STAFF_MESSAGES.totpNothingPending);
    // A new secret: no time step of it is used yet (the old secret's are another matter).
    const step = await codeStep(pending, code, 0);
    if (step === null) throw new Invalid(STAFF_MESSAGES.totpCodeWrong);
    await writeTransaction(this.db, async (trx) => {
      if (!(await q.confirmPendingSecret(trx, member.id, pending, step))) throw new Conflict(STAFF_MESSAGES.totpNothingPending);
      await q.deleteOtherSessions(trx, member.id, member.tokenHash);
      await this.codes.forget(trx, member.id);
      const action = row.totp_enabled === 1 ? 'staff.totp.replace' : 'staff.totp.enable';
      await recordAudit(trx, actor, { action, target: `staff:${member.id}`, summary: { otherSessionsEnded: true } });
    });
  }

  /** Needs the password and a current code (a wrong one counts against the member's code limit); the other sessions end. */
  async disable(member: StaffMember, actor: Actor, password: string, code: string): Promise<void> {
    const row = await this.checkPassword(member, actor, password);
    if (row.totp_enabled !== 1) throw new Conflict(STAFF_MESSAGES.totpNotOn);
    await this.codes.check(row.id);
    const place = await this.codes.take(row.id, actor.ip);
    if (!(await acceptCode(this.db, row, code))) throw new Invalid(STAFF_MESSAGES.totpCodeWrong);
    await this.codes.release(place);
    await writeTransaction(this.db, async (trx) => {
      await q.updateStaff(trx, member.id, { totp_enabled: 0, totp_secret: null, totp_pending_secret: null, totp_last_step: 0 });
      await q.deleteOtherSessions(trx, member.id, member.tokenHash);
      await recordAudit(trx, actor, { action: 'staff.totp.disable', target: `staff:${member.id}`, summary: { otherSessionsEnded: true } });
    });
  }
}
