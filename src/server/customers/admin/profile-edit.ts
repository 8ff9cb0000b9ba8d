import type { Updateable } from 'kysely';
import { customerNamesSchema, type CustomerUpdateBody } from '../../../contract/admin/customers';
import { Invalid } from '../../platform/errors';
import type { CustomerTable } from '../accounts/tables';

type Row = Pick<CustomerTable, 'org_name' | 'first_name' | 'last_name' | 'day_phone' | 'web' | 'address_line1' | 'city' | 'state' | 'zip' | 'country'>;

/** Each field staff may correct, its column and its name in the audit (the contract's). */
const FIELDS = [
  ['orgName', 'org_name'],
  ['firstName', 'first_name'],
  ['lastName', 'last_name'],
  ['dayPhone', 'day_phone'],
  ['web', 'web'],
  ['billing.addressLine1', 'address_line1'],
  ['billing.city', 'city'],
  ['billing.state', 'state'],
  ['billing.zip', 'zip'],
  ['billing.country', 'country'],
] as const satisfies readonly (readonly [string, keyof Row])[];

export interface ProfileChange {
  columns: Updateable<CustomerTable>;
  /** The changed fields only, old and new, by their contract names (`billing.city`). */
  before: Record<string, string>;
  after: Record<string, string>;
}

function given(body: CustomerUpdateBody, field: (typeof FIELDS)[number][0]): string | undefined {
  if (!field.startsWith('billing.')) return body[field as 'orgName'];
  return body.billing?.[field.slice('billing.'.length) as 'city'];
}

/**
 * What a staff edit changes of the profile (not the email, which waits for its link): null when
 * nothing differs. The names that result must still name the customer (a company, or first and
 * last name): 400 naming the field otherwise.
 */
export function profileChange(row: Row, body: CustomerUpdateBody): ProfileChange | null {
  const columns: Record<string, string> = {};
  const before: Record<string, string> = {};
  const after: Record<string, string> = {};
  for (const [field, column] of FIELDS) {
    const value = given(body, field);
    if (value === undefined || value === row[column]) continue;
    columns[column] = value;
    before[field] = row[column];
    after[field] = value;
  }
  if (Object.keys(columns).length === 0) return null;
  const names = customerNamesSchema.safeParse({
    orgName: columns.org_name ?? row.org_name,
    firstName: columns.first_name ?? row.first_name,
    lastName: columns.last_name ?? row.last_name,
  });
  if (!names.success) {
    const fields: Record<string, string> = {};
    for (const issue of names.error.issues) fields[String(issue.path[0])] ??= issue.message;
    const messages = [...new Set(Object.values(fields))];
    const error = new Invalid(messages.join(', '), messages);
    error.extensions = { fields };
    throw error;
  }
  return { columns, before, after };
}
