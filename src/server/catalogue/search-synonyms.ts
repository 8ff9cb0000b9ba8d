import type { Kysely } from 'kysely';
import type { SearchSynonym } from '../../contract/admin/search-synonyms';
import { type Actor, recordAudit } from '../platform/audit/audit';
import { bumpCounter } from '../platform/counters';
import { writeTransaction } from '../platform/db/database';
import type { DB } from '../platform/db/schema';
import type { Synonyms } from './search/forgiving';

/*
 * Search synonyms (table `search_synonyms`, catalogue/'s; decision 0044): kept by staff, read by
 * every process's search. A save moves the `search_synonyms_version` counter, which each process
 * polls with the catalogue's versions (`readVersions`), so the change reaches every instance.
 */

export const SEARCH_SYNONYMS_VERSION = 'search_synonyms_version' as const;

/** The synonyms kept, by word. */
export async function listSynonyms(db: Kysely<DB>): Promise<SearchSynonym[]> {
  const rows = await db.selectFrom('search_synonyms').select(['word', 'words']).orderBy('word').execute();
  return rows.map((r) => ({ word: r.word, words: r.words.split(' ').filter(Boolean) }));
}

/** The synonyms as search reads them. */
export async function loadSynonyms(db: Kysely<DB>): Promise<Synonyms> {
  return new Map((await listSynonyms(db)).map((s) => [s.word, s.words]));
}

/** Replaces the whole list in one transaction with its audit row; the version moves last. */
export function saveSynonyms(db: Kysely<DB>, actor: Actor, list: readonly SearchSynonym[]): Promise<void> {
  return writeTransaction(db, async (trx) => {
    const at = new Date().toISOString();
    await trx.deleteFrom('search_synonyms').execute();
    const rows = list.map((s) => ({ word: s.word, words: [...new Set(s.words.filter((w) => w !== s.word))].join(' '), updated_at: at, updated_by: actor.label }));
    const kept = rows.filter((r) => r.words !== '');
    for (let i = 0; i < kept.length; i += 200) await trx.insertInto('search_synonyms').values(kept.slice(i, i + 200)).execute();
    await recordAudit(trx, actor, { action: 'catalogue.search-synonyms.save', target: 'catalogue:search-synonyms', summary: { synonyms: kept.length } });
    // Last: on PostgreSQL the counter's row stays locked to the commit, so two saves take turns.
    await bumpCounter(trx, SEARCH_SYNONYMS_VERSION);
  });
}
