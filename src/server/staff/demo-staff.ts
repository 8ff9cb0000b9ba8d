import type { Kysely } from 'kysely';
import type { Role } from '../../contract/admin/permissions';
import { hashPassword } from '../platform/auth/passwords';
import type { DB } from '../platform/db/schema';
import * as q from './queries';

/** The demo data's staff (DESIGN.md §5); a real installation makes its first owner with `npm run staff:add`. */
export const DEMO_STAFF: { email: string; name: string; password: string; roles: Role[]; warehouse: 'west' | 'east' | null }[] = [
  { email: 'owner@example.com', name: 'Olivia Owner', password: 'balloons-owner', roles: ['owner'], warehouse: null },
  { email: 'warehouse@example.com', name: 'Walt Warehouse', password: 'balloons-warehouse', roles: ['warehouse'], warehouse: 'west' },
];

/** Idempotent: a demo staff member already there is left as it is. */
export async function seedDemoStaff(db: Kysely<DB>): Promise<void> {
  const now = new Date().toISOString();
  for (const s of DEMO_STAFF) {
    if (await q.findStaffByEmail(db, s.email)) continue;
    await q.insertStaff(db, {
      email: s.email,
      name: s.name,
      password_hash: await hashPassword(s.password),
      roles: JSON.stringify(s.roles),
      warehouse: s.warehouse,
      created_at: now,
      updated_at: now,
    });
  }
}
