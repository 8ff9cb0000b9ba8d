import type { Kysely } from 'kysely';
import { hashPassword } from '../../platform/auth/passwords';
import { SeededRandom } from '../../catalogue';
import { bulkInsert } from '../../platform/db/bulk-insert';
import type { DB } from '../../platform/db/schema';

/**
 * The trade buyers of the synthetic orders: codes `CSYN000001`… (random codes are nine
 * characters, so they never meet these), company names and addresses varied enough for the order
 * desk's search. Every one has the password `balloons123`, hashed once per run: argon2 per
 * customer would take longer than all the orders.
 */

/** A synthetic customer as the order generator (flows/demo) uses it. */
export interface SyntheticCustomer {
  id: number;
  code: string;
  orgName: string;
  contact: string;
  addressLine1: string;
  city: string;
  state: string;
  zip: string;
}

export const SYNTHETIC_PASSWORD = 'balloons123';
const PREFIX = 'CSYN';

const FIRST = ['Sunny', 'Bright', 'Happy', 'Golden', 'Silver', 'Blue Sky', 'Rainbow', 'Confetti', 'Festive', 'Grand', 'Lucky', 'Starlight', 'Magic', 'Royal', 'Coastal', 'Summit', 'Prairie', 'Urban', 'Hometown', 'Twinkle', 'Pop', 'Jubilee', 'Cloud Nine', 'Bayside'];
const SECOND = ['Balloon', 'Party', 'Event', 'Gift', 'Floral', 'Celebration', 'Decor', 'Occasion', 'Helium', 'Fiesta'];
const THIRD = ['Supply', 'Shop', 'Co', 'Studio', 'Works', 'Emporium', 'Depot', 'Boutique', 'Outlet', 'Store', 'Rentals', 'Designs'];
const GIVEN = ['Ann', 'Ben', 'Carla', 'Dev', 'Elena', 'Frank', 'Grace', 'Hiro', 'Iris', 'Jamal', 'Kim', 'Luis', 'Maya', 'Nate', 'Olga', 'Priya', 'Quinn', 'Rosa', 'Sam', 'Tara'];
const FAMILY = ['Lee', 'Garcia', 'Smith', 'Nguyen', 'Patel', 'Brown', 'Kowalski', 'Okafor', 'Rossi', 'Cohen', 'Silva', 'Martin', 'Haddad', 'Jensen', 'Murphy'];
const PLACES: [string, string, string][] = [
  ['Fresno', 'CA', '93706'], ['Portland', 'OR', '97201'], ['Seattle', 'WA', '98101'], ['Reno', 'NV', '89501'], ['Phoenix', 'AZ', '85004'],
  ['Denver', 'CO', '80202'], ['Austin', 'TX', '78701'], ['Salt Lake City', 'UT', '84101'], ['Boise', 'ID', '83702'], ['Albuquerque', 'NM', '87102'],
  ['Mobile', 'AL', '36602'], ['Atlanta', 'GA', '30303'], ['Miami', 'FL', '33130'], ['Nashville', 'TN', '37203'], ['Charlotte', 'NC', '28202'],
  ['Richmond', 'VA', '23219'], ['Columbus', 'OH', '43215'], ['Chicago', 'IL', '60602'], ['Detroit', 'MI', '48226'], ['Boston', 'MA', '02108'],
  ['Newark', 'NJ', '07102'], ['Buffalo', 'NY', '14202'], ['Pittsburgh', 'PA', '15222'], ['Minneapolis', 'MN', '55401'], ['Honolulu', 'HI', '96813'],
];
const COLUMNS = [
  ['code', 'text'], ['email', 'text'], ['email_key', 'text'], ['email_verified', 'int'], ['password_hash', 'text'], ['org_name', 'text'],
  ['first_name', 'text'], ['last_name', 'text'], ['address_line1', 'text'], ['city', 'text'], ['state', 'text'], ['zip', 'text'],
  ['country', 'text'], ['day_phone', 'text'], ['created_at', 'text'], ['updated_at', 'text'],
] as const;

/** At least `count` synthetic customers (those of an earlier run are kept); answers `count` of them. */
export async function syntheticCustomers(db: Kysely<DB>, count: number, seed: number): Promise<SyntheticCustomer[]> {
  let existing = await read(db);
  if (existing.length < count) {
    const rng = new SeededRandom(seed);
    const hash = await hashPassword(SYNTHETIC_PASSWORD);
    const now = new Date().toISOString();
    const rows: unknown[][] = [];
    for (let i = existing.length + 1; i <= count; i++) {
      const org = `${rng.pick(FIRST)} ${rng.pick(SECOND)} ${rng.pick(THIRD)}`;
      const [city, state, zip] = rng.pick(PLACES);
      const email = `${org.toLowerCase().replace(/[^a-z]+/g, '')}${i}@example.com`;
      rows.push([`${PREFIX}${String(i).padStart(6, '0')}`, email, email, 1, hash, org, rng.pick(GIVEN), rng.pick(FAMILY), `${rng.int(1, 9999)} Main St`, city, state, zip, 'US', '555-0100', now, now]);
    }
    await db.transaction().execute((trx) => bulkInsert(trx, 'customers', COLUMNS, rows));
    existing = await read(db);
  }
  return existing.slice(0, count);
}

async function read(db: Kysely<DB>): Promise<SyntheticCustomer[]> {
  const rows = await db
    .selectFrom('customers')
    .select(['id', 'code', 'org_name', 'first_name', 'last_name', 'address_line1', 'city', 'state', 'zip'])
    .where('code', 'like', `${PREFIX}%`)
    .orderBy('code')
    .execute();
  return rows.map((r) => ({ id: r.id, code: r.code, orgName: r.org_name, contact: `${r.first_name} ${r.last_name}`, addressLine1: r.address_line1, city: r.city, state: r.state, zip: r.zip }));
}
