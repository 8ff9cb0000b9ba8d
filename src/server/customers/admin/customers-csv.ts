import type { Kysely } from 'kysely';
import type { CustomersExportQuery } from '../../../contract/admin/customers';
import { customerFilter } from './queries';
import type { DB } from '../../platform/db/schema';
import { csvLine, csvPages } from '../../platform/csv/csv';

/**
 * `GET /beapi/Admin/Customers/Export.csv`: one row per customer the list's filters keep, by id, in
 * keyset pages. No secrets (hashes) ever.
 */

const PAGE = 1000;

export const CUSTOMER_CSV_HEADER = ['id', 'code', 'orgName', 'firstName', 'lastName', 'email', 'emailVerified', 'addressLine1', 'city', 'state', 'zip', 'country', 'dayPhone', 'web', 'createdAt', 'status'] as const;

export function customersCsv(db: Kysely<DB>, filters: CustomersExportQuery = {}): AsyncGenerator<string> {
  return csvPages<number>(CUSTOMER_CSV_HEADER, async (after) => {
    const rows = await db
      .selectFrom('customers')
      .select(['id', 'code', 'org_name', 'first_name', 'last_name', 'email', 'email_verified', 'address_line1', 'city', 'state', 'zip', 'country', 'day_phone', 'web', 'created_at', 'status'])
      .where(customerFilter(db, filters))
      .$if(after !== null, (q) => q.where('id', '>', after!))
      .orderBy('id')
      .limit(PAGE)
      .execute();
    const lines = rows.map((r) =>
      csvLine([r.id, r.code, r.org_name, r.first_name, r.last_name, r.email, r.email_verified === 1 ? 'yes' : 'no', r.address_line1, r.city, r.state, r.zip, r.country, r.day_phone, r.web, r.created_at, r.status]),
    );
    return { lines, next: rows.length < PAGE ? null : rows[rows.length - 1]!.id };
  });
}
