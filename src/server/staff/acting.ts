import type { Role } from '../../contract/admin/permissions';
import { can } from '../../contract/admin/permissions';
import { type Db, findStaffById } from './queries';

/**
 * The staff member of an act-as session (customers/act-as, decision 0035), looked up on each of
 * its requests: null once they are deactivated or no longer hold `customers:impersonate`, so the
 * session ends with their right to it, on every process at once.
 */
export async function actingStaffMember(db: Db, staffId: number): Promise<{ id: number; name: string; email: string } | null> {
  const row = await findStaffById(db, staffId);
  if (!row || row.active !== 1 || !can(JSON.parse(row.roles) as Role[], 'customers:impersonate')) return null;
  return { id: row.id, name: row.name, email: row.email };
}
