import type { Staff } from '../../contract/admin/staff-session';

/** A signed-in staff member, as the admin routes see them. */
export interface StaffMember extends Staff {
  tokenHash: string;
  csrfToken: string;
  totpEnabled: boolean;
}
