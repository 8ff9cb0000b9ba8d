import { afterAll, beforeAll } from 'vitest';
import type { Role } from '../../contract/admin/permissions';
import type { AppOptions } from '../app';
import { loadFixtureCatalogue } from '../catalogue/test-fixture';
import type { ShopContext } from '../context';
import { seedDemoCoupons } from '../orders';
import { ownerSession, type StaffSessionForTest, staffWith } from './admin';
import { createTestApp, type TestApp } from './test-app';

/** What a test file's shop holds. */
export interface ShopSetUp<S extends string> {
  /** The fixture catalogue, loaded before the app starts. */
  catalogue?: boolean;
  /** The demo coupons, seeded after the catalogue. */
  coupons?: boolean;
  /** More rows before the app starts, after the catalogue and the coupons. */
  prepare?: (ctx: ShopContext) => Promise<unknown>;
  options?: AppOptions;
  /** Configuration as the environment would give it (see createTestApp). */
  env?: NodeJS.ProcessEnv;
  /** Staff signed in once the app runs, in this order: a new member with these roles, or the demo owner. */
  staff?: Record<S, Role[] | 'demo owner'>;
}

/**
 * The set-up most API test files share: the real app on a fresh database, started in the file's
 * first beforeAll and closed after its tests, with the staff it names signed in. `t` and the
 * staff sessions are filled in by that beforeAll, so read them in tests and later hooks only.
 */
export function withShop<S extends string = never>(setUp: ShopSetUp<S> = {}): { t: TestApp; staff: Record<S, StaffSessionForTest> } {
  const t = {} as TestApp;
  const who = Object.entries(setUp.staff ?? {}) as [S, Role[] | 'demo owner'][];
  const staff = Object.fromEntries(who.map(([name]) => [name, {}])) as Record<S, StaffSessionForTest>;
  let started: TestApp | undefined;
  beforeAll(async () => {
    started = await createTestApp(
      async (ctx) => {
        if (setUp.catalogue) await loadFixtureCatalogue(ctx.database.db);
        if (setUp.coupons) await seedDemoCoupons(ctx.database.db);
        await setUp.prepare?.(ctx);
      },
      setUp.options,
      setUp.env,
    );
    Object.assign(t, started);
    for (const [name, roles] of who) Object.assign(staff[name], roles === 'demo owner' ? await ownerSession(t) : await staffWith(t, roles));
  });
  afterAll(() => started?.close());
  return { t, staff };
}
