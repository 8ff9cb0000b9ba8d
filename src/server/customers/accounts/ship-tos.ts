import type { Customer, ShipTo, ShipToInput } from '../../../contract/accounts';
import { ERRORS, SERVER_MESSAGES } from '../../../contract/messages';
import { Invalid, NotFound } from '../../platform/errors';
import type { SignedInCustomer } from '../../platform/http/auth-context';
import { withFreshCode } from './codes';
import { contactName, nameAndAddressColumns, toShipTo } from './customer-json';
import * as q from './queries';

/** More than any trade buyer ships to; a bound so one account cannot fill the table. */
export const MAX_SHIP_TOS = 200;

/**
 * A customer's ship-to addresses. Every lookup is by the caller's customer id and the code, so
 * another customer's code is "not found" and never read or changed.
 */
export class ShipToService {
  constructor(
    private readonly db: q.Db,
    private readonly customer: (customerId: number) => Promise<Customer>,
  ) {}

  /** Empty code: the billing address becomes the default. */
  async setDefault(who: SignedInCustomer, code: string): Promise<Customer> {
    const shipTo = code === '' ? null : await this.find(who, code);
    await q.updateCustomer(this.db, who.id, { default_ship_to_id: shipTo?.id ?? null, updated_at: now() });
    return this.customer(who.id);
  }

  /** The default address cannot be deleted (the spec offers no Delete on it): 400. */
  async remove(who: SignedInCustomer, code: string): Promise<Customer> {
    const shipTo = await this.find(who, code);
    const current = await this.customer(who.id);
    if (current.defaultShipTo === shipTo.code) throw new Invalid(SERVER_MESSAGES.defaultShipToNotDeletable);
    await q.deleteShipTo(this.db, shipTo.id);
    return this.customer(who.id);
  }

  /** The server assigns the code; a code in the body is ignored. */
  async add(who: SignedInCustomer, input: ShipToInput): Promise<ShipTo> {
    if ((await q.countShipTos(this.db, who.id)) >= MAX_SHIP_TOS) throw new Invalid(SERVER_MESSAGES.tooManyShipTos);
    const email = input.email || (await this.customer(who.id)).email;
    const stamp = now();
    const row = await withFreshCode('S', (code) =>
      q.insertShipTo(this.db, { ...columns(input, email), code, customer_id: who.id, created_at: stamp, updated_at: stamp }),
    );
    return toShipTo(row);
  }

  /** The body's `code` names the address to change. */
  async update(who: SignedInCustomer, input: ShipToInput): Promise<ShipTo> {
    if (!input.code) throw new Invalid(ERRORS.shipToCodeMissing);
    const existing = await this.find(who, input.code);
    const email = input.email || existing.email;
    return toShipTo(await q.updateShipTo(this.db, existing.id, { ...columns(input, email), updated_at: now() }));
  }

  private async find(who: SignedInCustomer, code: string): Promise<q.ShipToRow> {
    const row = await q.findShipTo(this.db, who.id, code);
    if (!row) throw new NotFound(SERVER_MESSAGES.shipToNotFound);
    return row;
  }
}

const now = () => new Date().toISOString();

function columns(input: ShipToInput, email: string) {
  return {
    ...nameAndAddressColumns(input),
    // The spec defines contact as first plus last name, so it always follows the names.
    contact: contactName(input.firstName, input.lastName),
    email,
  };
}
