import { z } from 'zod';
import { rowNumber } from '../ids';
import { requiredSingleLine } from '../text';
import { roleSchema, staffSchema, warehouseSchema } from './staff-session';

/** Staff sign-in, sessions, own account and staff management (DESIGN.md §5 "Staff, roles, sessions"). */

export const STAFF = {
  passwordMin: 10,
  passwordMax: 200,
  nameMax: 100,
  emailMax: 254,
  /** Idle timeout and absolute lifetime of a staff session. */
  idleHours: 8,
  maxDays: 7,
  /** Recovery of a lost authenticator is by an owner (Reset sign-in); there are no backup codes. */
  totpDigits: 6,
  /** How long the mailed link to set a password works (an invitation, or an owner's Reset sign-in). */
  setPasswordLinkHours: 72,
} as const;

export const STAFF_MESSAGES = {
  invalidCredentials: 'Invalid email, password or code',
  totpRequired: 'Enter the 6-digit code from your authenticator app',
  csrf: 'Missing or wrong CSRF token: reload the page and try again',
  signInRequired: 'Sign in to the back office',
  forbidden: (permission: string) => `Your role does not allow this (${permission})`,
  passwordTooShort: `Passwords need at least ${STAFF.passwordMin} characters`,
  currentPasswordWrong: 'The current password is wrong',
  emailTaken: 'A staff member with this email exists already',
  lastOwner: 'The last active owner cannot lose the owner role or be deactivated',
  totpCodeWrong: 'That code is not right: check the time on your phone and try again',
  totpNothingPending: 'There is no new authenticator to confirm: start the set-up again',
  totpNotOn: 'Two-step sign-in is not on',
  resetOwnSignIn: 'You cannot reset your own sign-in: change your password or authenticator under My account',
  linkInvalid: 'This link is not valid any more: it was used, replaced by a newer one or is older than 72 hours. Ask an owner for a new one.',
  staffNotFound: (id: number) => `Staff member ${id} not found`,
} as const;


const email = z.string().trim().toLowerCase().max(STAFF.emailMax).email('Enter a valid email address');
const password = z.string().min(STAFF.passwordMin, STAFF_MESSAGES.passwordTooShort).max(STAFF.passwordMax);

export const staffLoginBody = z.object({
  email: z.string().trim().toLowerCase().min(1).max(STAFF.emailMax),
  password: z.string().min(1).max(STAFF.passwordMax),
  code: z.string().regex(/^\d{6}$/, 'The code has 6 digits').optional(),
});
export type StaffLoginBody = z.infer<typeof staffLoginBody>;

/** Answered with 401 when the password was right but the TOTP code is missing. */
export const totpRequiredSchema = z.object({ totpRequired: z.literal(true) });

export const changeStaffPasswordBody = z.object({ currentPassword: z.string().min(1).max(STAFF.passwordMax), newPassword: password });

export const totpEnrolmentSchema = z.object({
  /** otpauth:// URI and the same as a QR code (SVG data URL); the secret for typing in by hand. */
  uri: z.string(),
  qrSvg: z.string(),
  secret: z.string(),
});
const totpCode = z.string().regex(/^\d{6}$/, 'The code has 6 digits');
const currentPassword = z.string().min(1, 'Enter your password').max(STAFF.passwordMax);
/** Setting up an authenticator (or a new one) needs the password; the one in force stays until the new one is confirmed. */
export const totpStartBody = z.object({ password: currentPassword });
export const totpConfirmBody = z.object({ code: totpCode });
/** Turning it off needs the password and a current code. */
export const totpDisableBody = z.object({ password: currentPassword, code: totpCode });

/** The mailed link's token and the new password (/admin/set-password). */
export const setStaffPasswordBody = z.object({ token: z.string().min(1).max(100), newPassword: password });

export const staffListItemSchema = staffSchema.extend({
  active: z.boolean(),
  totpEnabled: z.boolean(),
  /** Reset by an owner: no password until the member uses the mailed link. */
  awaitingPassword: z.boolean(),
  lastSignInAt: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffListItem = z.infer<typeof staffListItemSchema>;

export const newStaffBody = z.object({
  email,
  name: requiredSingleLine(STAFF.nameMax, { required: 'Enter a name' }),
  roles: z.array(roleSchema).min(1, 'Choose at least one role'),
  warehouse: warehouseSchema.nullable().default(null),
  /** Without it the new member is mailed a one-time link (72 h) to set a password (DESIGN.md §7). */
  password: password.optional(),
});
export const updateStaffBody = z.object({
  name: requiredSingleLine(STAFF.nameMax, { required: 'Enter a name' }).optional(),
  roles: z.array(roleSchema).min(1, 'Choose at least one role').optional(),
  warehouse: warehouseSchema.nullable().optional(),
  active: z.boolean().optional(),
});
export const staffIdParams = z.object({ id: rowNumber('id') });
