import type { Kysely } from 'kysely';
import {
  type AdminDistributor,
  type DistributorCreateBody,
  type DistributorImportResult,
  DISTRIBUTOR_MESSAGES,
  type DistributorsPage,
  type DistributorsQuery,
  type DistributorUpdateBody,
} from '../../contract/admin/distributors';
import { type Actor, recordAudit } from '../platform/audit/audit';
import { writeTransaction } from '../platform/db/database';
import type { DB } from '../platform/db/schema';
import { Conflict, NotFound, StaleVersion } from '../platform/errors';
import * as q from './distributor-admin-queries';
import { planDistributorImport } from './distributor-csv';

const M = DISTRIBUTOR_MESSAGES;

const toAdmin = (r: q.DistributorAdminRow): AdminDistributor => ({
  id: r.id,
  name: r.name,
  address: r.address,
  city: r.city,
  state: r.state,
  zip: r.zip,
  phone: r.phone,
  website: r.website,
  latitude: r.latitude,
  longitude: r.longitude,
  version: r.version,
});

const values = ({ version: _v, ...fields }: DistributorCreateBody & { version?: number }): q.DistributorValues => fields;

function changes(before: AdminDistributor, after: DistributorCreateBody): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(after) as (keyof DistributorCreateBody)[]) if (before[k] !== after[k]) out[k] = [before[k], after[k]];
  return out;
}

/**
 * Where to Buy's distributors in the back office (DESIGN.md §5). The buyers' search reads the
 * table on every call (content/service.ts), so a change shows at once on every instance.
 */
export class DistributorAdminService {
  constructor(private readonly db: Kysely<DB>) {}

  async list(query: DistributorsQuery): Promise<DistributorsPage> {
    const { total, rows } = await q.pageOfDistributors(this.db, query);
    return { items: rows.map(toAdmin), total, page: query.page, pageSize: query.pageSize };
  }

  async get(id: number): Promise<AdminDistributor> {
    const row = await q.findDistributor(this.db, id);
    if (!row) throw new NotFound(M.notFound(id));
    return toAdmin(row);
  }

  async create(actor: Actor, body: DistributorCreateBody): Promise<AdminDistributor> {
    const id = await writeTransaction(this.db, async (trx) => {
      const created = await q.storeNewDistributor(trx, values(body));
      await recordAudit(trx, actor, { action: 'distributor.create', target: `distributor:${created}`, summary: { after: body } });
      return created;
    });
    return this.get(id);
  }

  async update(actor: Actor, id: number, body: DistributorUpdateBody): Promise<AdminDistributor> {
    await writeTransaction(this.db, async (trx) => {
      const row = await q.findDistributor(trx, id);
      if (!row) throw new NotFound(M.notFound(id));
      if (row.version !== body.version || !(await q.updateDistributor(trx, id, body.version, values(body)))) {
        throw new StaleVersion(M.stale, toAdmin((await q.findDistributor(trx, id))!));
      }
      await recordAudit(trx, actor, { action: 'distributor.update', target: `distributor:${id}`, summary: changes(toAdmin(row), body) });
    });
    return this.get(id);
  }

  async delete(actor: Actor, id: number): Promise<void> {
    await writeTransaction(this.db, async (trx) => {
      const row = await q.findDistributor(trx, id);
      if (!row || !(await q.deleteDistributor(trx, id))) throw new NotFound(M.notFound(id));
      await recordAudit(trx, actor, { action: 'distributor.delete', target: `distributor:${id}`, summary: { before: toAdmin(row) } });
    });
  }

  /**
   * A CSV import: the dry run reports what would be added and changed and every row in error,
   * writing nothing; applying does exactly that in one transaction, or nothing when a row is in
   * error or a distributor changed since the file was planned.
   */
  async import(actor: Actor, csv: string, dryRun: boolean): Promise<DistributorImportResult> {
    if (dryRun) return { applied: false, ...planDistributorImport(csv, await q.allDistributors(this.db)).report };
    return writeTransaction(this.db, async (trx) => {
      const plan = planDistributorImport(csv, await q.allDistributors(trx));
      if (plan.report.errors.length > 0) return { applied: false, ...plan.report };
      for (const add of plan.adds) await q.storeNewDistributor(trx, add);
      for (const change of plan.changes) {
        if (!(await q.updateDistributor(trx, change.id, change.version, change.values))) throw new Conflict(M.stale);
      }
      const { added, changed, unchanged } = plan.report;
      await recordAudit(trx, actor, {
        action: 'distributor.import',
        target: 'distributors',
        summary: { added: added.length, changed: changed.map((c) => c.id), unchanged },
      });
      return { applied: true, ...plan.report };
    });
  }
}
