import type { Kysely } from 'kysely';
import { type AdminCoupon, COUPON_MESSAGES, type CouponCreateBody, type CouponUpdateBody } from '../../../contract/admin/coupons';
import { dollars } from '../../../contract/cart';
import { isUniqueViolation } from '../../platform/db/constraints';
import { type Actor, recordAudit } from '../../platform/audit/audit';
import { writeTransaction } from '../../platform/db/database';
import type { DB } from '../../platform/db/schema';
import { Conflict, NotFound, StaleVersion } from '../../platform/errors';
import * as q from './coupon-admin-queries';
import { toCouponRule } from './queries';

const M = COUPON_MESSAGES;

const cents = (d: number) => Math.round(d * 100);

/** The coupon as the cart's rules read it, in dollars, with its creation and version. */
function toAdminCoupon(r: q.CouponRow): AdminCoupon {
  const { amountOffCents, minimumCents, ...rule } = toCouponRule(r);
  return { ...rule, amountOff: dollars(amountOffCents), minimum: dollars(minimumCents), createdAt: r.created_at, version: r.version };
}

/** The row's values from the editor's fields; a kind keeps only its own amount. */
function toValues(b: CouponCreateBody): q.CouponValues {
  return {
    code: b.code,
    name: b.name,
    kind: b.kind,
    percent_off: b.kind === 'percent' ? b.percentOff : 0,
    amount_off_cents: b.kind === 'fixed' ? cents(b.amountOff) : 0,
    minimum_cents: cents(b.minimum),
    valid_from: b.validFrom,
    valid_until: b.validUntil,
    max_uses: b.maxUses,
    max_uses_per_customer: b.maxUsesPerCustomer,
    active: b.active ? 1 : 0,
  };
}

/** Runs a write that stores `code`; the database's unique code (another save got there first) is the same 409 as the check's. */
async function codeChecked<T>(code: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw new Conflict(M.codeTaken(code));
    throw err;
  }
}

/** What changed, `[before, after]` per field, for the audit row. */
function changes(before: AdminCoupon, after: AdminCoupon): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(after) as (keyof AdminCoupon)[]) {
    if (k !== 'version' && JSON.stringify(before[k]) !== JSON.stringify(after[k])) out[k] = [before[k], after[k]];
  }
  return out;
}

/**
 * Coupons in the back office (DESIGN.md §5). The cart reads a coupon's row on every call
 * (cart/queries.ts), so a saved change applies to every cart at once, on every instance.
 */
export class CouponAdminService {
  constructor(private readonly db: Kysely<DB>) {}

  async list(search: string | undefined): Promise<AdminCoupon[]> {
    return (await q.listCoupons(this.db, search)).map(toAdminCoupon);
  }

  async get(id: number): Promise<AdminCoupon> {
    const row = await q.findCoupon(this.db, id);
    if (!row) throw new NotFound(M.notFound(id));
    return toAdminCoupon(row);
  }

  async create(actor: Actor, body: CouponCreateBody): Promise<AdminCoupon> {
    const id = await codeChecked(body.code, () =>
      writeTransaction(this.db, async (trx) => {
        if (await q.couponWithCode(trx, body.code)) throw new Conflict(M.codeTaken(body.code));
        const created = await q.storeNewCoupon(trx, toValues(body));
        const after = toAdminCoupon((await q.findCoupon(trx, created))!);
        await recordAudit(trx, actor, { action: 'coupon.create', target: `coupon:${created}`, summary: { after } });
        return created;
      }),
    );
    return this.get(id);
  }

  async update(actor: Actor, id: number, body: CouponUpdateBody): Promise<AdminCoupon> {
    await codeChecked(body.code, () =>
      writeTransaction(this.db, async (trx) => {
        const row = await q.findCoupon(trx, id);
        if (!row) throw new NotFound(M.notFound(id));
        if (row.version !== body.version) throw new StaleVersion(M.stale, toAdminCoupon(row));
        if (await q.couponWithCode(trx, body.code, id)) throw new Conflict(M.codeTaken(body.code));
        if (!(await q.updateCoupon(trx, id, body.version, toValues(body)))) throw new StaleVersion(M.stale, toAdminCoupon((await q.findCoupon(trx, id))!));
        const after = toAdminCoupon((await q.findCoupon(trx, id))!);
        await recordAudit(trx, actor, { action: 'coupon.update', target: `coupon:${id}`, summary: changes(toAdminCoupon(row), after) });
      }),
    );
    return this.get(id);
  }

  /** Deletes a coupon no order has used; a used one can only be ended (set inactive), so its orders keep it. */
  async delete(actor: Actor, id: number): Promise<void> {
    await writeTransaction(this.db, async (trx) => {
      const row = await q.findCoupon(trx, id);
      if (!row) throw new NotFound(M.notFound(id));
      const uses = Math.max(row.uses, await q.redemptionCount(trx, id));
      if (uses > 0) throw new Conflict(M.used(row.code, uses));
      await q.deleteCoupon(trx, id);
      await recordAudit(trx, actor, { action: 'coupon.delete', target: `coupon:${id}`, summary: { before: toAdminCoupon(row) } });
    });
  }
}
