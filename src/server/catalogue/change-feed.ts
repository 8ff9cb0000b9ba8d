import type { Kysely } from 'kysely';
import { bumpCounter } from '../platform/counters';
import type { DB } from '../platform/db/schema';
import type { FacetInput } from './facets';
import { bumpCatalogueVersion, CATALOGUE_SEQ } from './queries';
import type { CatalogueItemInput } from './writes';

/**
 * The catalogue change feed (docs/decisions/0020-catalogue-editing.md). An item edit that leaves
 * the listing index's positions and facets as they were (a price, the SRP, case quantity, "new",
 * pictures, product info, brand, and its title, key words, code or UPC) is recorded here: the
 * `catalogue_seq` counter moves and `catalogue_changes` keeps it per item, so every process lays
 * just those items over its index on its next poll (`CatalogueIndex.patchItems`, and
 * `SearchIndex.updateItems` for the words). An edit that moves the item in the index (its
 * category, facets, colour group, status, collections, or a new item) is recorded as structural:
 * every process takes the item out and puts it back in place (`CatalogueIndex.planShift`); beyond
 * STRUCTURAL_LIMIT items the catalogue version is bumped, and every process rebuilds.
 *
 * `takeChangeSeq` is an item edit's first statement: on PostgreSQL the counter's row lock, held to
 * the commit, runs item edits one after another (so a UPC or number checked free stays free) and
 * makes their sequences commit in order: a process that has seen N has every edit ≤ N.
 */

export function takeChangeSeq(trx: Kysely<DB>): Promise<number> {
  return bumpCounter(trx, CATALOGUE_SEQ);
}

/**
 * Items a poll takes out of its index and puts back in place at most (docs/decisions/0020,
 * "positions shift"); an edit that moves more (a big CSV import, a bulk status change of a
 * category) bumps the catalogue version and every process rebuilds.
 */
export const STRUCTURAL_LIMIT = 200;

/**
 * Records the edit of these items under `seq`. `structural`: the edit moves them in the read
 * index (see `movesInIndex`); each process then takes them out and puts them back in place, or,
 * for more than STRUCTURAL_LIMIT items, the catalogue version is bumped and every process
 * rebuilds, as it does after a change of the categories themselves (`rebuild`).
 */
export async function recordItemChanges(trx: Kysely<DB>, seq: number, itemIds: readonly number[], structural: boolean, rebuild = false): Promise<void> {
  const ids = [...new Set(itemIds)];
  for (let i = 0; i < ids.length; i += 5_000) {
    await trx
      .insertInto('catalogue_changes')
      .values(ids.slice(i, i + 5_000).map((item_id) => ({ item_id, seq, structural_seq: structural ? seq : 0 })))
      .onConflict((oc) => oc.column('item_id').doUpdateSet(structural ? { seq, structural_seq: seq } : { seq }))
      .execute();
  }
  if (rebuild || (structural && ids.length > STRUCTURAL_LIMIT)) await bumpCatalogueVersion(trx);
}

const facetKey = (f: FacetInput) => `${f.kind}\u0000${f.link}\u0000${f.name}`;

/**
 * The fields the listing index's positions, facets and groups are built around. Titles, key
 * words, codes and UPCs are not among them: an edit of those is laid over every process's index
 * in place (the title order and the search words follow: `CatalogueIndex.patchItems`,
 * `SearchIndex.updateItems`).
 */
const STRUCTURAL: readonly (keyof CatalogueItemInput)[] = ['categoryNum', 'colorGroup', 'active', 'createdAt'];

/** True when storing `after` over `before` moves the item in the read indexes (not only patches it). */
export function movesInIndex(before: CatalogueItemInput | undefined, after: CatalogueItemInput): boolean {
  if (!before) return true;
  if (STRUCTURAL.some((k) => before[k] !== after[k])) return true;
  const a = before.facets.map(facetKey).sort().join('\u0001');
  const b = after.facets.map(facetKey).sort().join('\u0001');
  return a !== b;
}
