import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema';
import { isPriced, type SignedInCustomer } from '../../platform/http/auth-context';
import { loadLevel } from './queries';
import { type LevelPricing, levelPriceCents } from './unit-price';

/**
 * What one caller sees as prices: `key` names the view in response-cache keys and ETags (`p`: list
 * prices, `p<levelId>.<version>`: that level as of that version), `unitCents` is an item's price
 * for one unit (quantity breaks start at 2, so they never change it). Null where a view is taken
 * means no prices at all (a visitor, a pending or suspended customer).
 */
export interface PriceView {
  readonly key: string;
  readonly level: LevelPricing | null;
  unitCents(item: { id: number; priceCents: number }): number;
}

export const LIST_PRICES: PriceView = { key: 'p', level: null, unitCents: (item) => item.priceCents };

interface HeldLevel extends LevelPricing {
  id: number;
  version: number;
  view: PriceView;
}

/**
 * The price levels this process has loaded. Each request names its customer's level and that
 * level's version as read with the session (accounts/queries.ts `liveSession`), so a level
 * changed by another process is reloaded on the next request that names the new version: no
 * polling, no TTL. A held version at least as new as the one named is used as it is.
 */
export class PriceBook {
  private readonly held = new Map<number, HeldLevel>();
  private readonly loading = new Map<string, Promise<PriceView>>();

  constructor(private readonly db: Kysely<DB>) {}

  /** The caller's view: null without prices; a Promise only when the level must be (re)loaded. */
  viewFor(customer: SignedInCustomer | null): PriceView | null | Promise<PriceView> {
    if (!isPriced(customer)) return null;
    const ref = customer!.priceLevel;
    if (!ref) return LIST_PRICES;
    const held = this.held.get(ref.id);
    if (held && held.version >= ref.version) return held.view;
    return this.load(ref.id, ref.version);
  }

  /** `viewFor`, awaited. */
  async view(customer: SignedInCustomer | null): Promise<PriceView | null> {
    return this.viewFor(customer);
  }

  private load(id: number, version: number): Promise<PriceView> {
    const key = `${id}.${version}`;
    let pending = this.loading.get(key);
    if (!pending) {
      pending = loadLevel(this.db, id)
        .then((loaded) => {
          if (!loaded) return LIST_PRICES;
          const current = this.held.get(id);
          if (current && current.version >= loaded.version) return current.view;
          const level: HeldLevel = { ...loaded, view: LIST_PRICES };
          level.view = { key: `p${id}.${loaded.version}`, level, unitCents: (item) => levelPriceCents(item, level) };
          this.held.set(id, level);
          return level.view;
        })
        .finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    return pending;
  }
}
