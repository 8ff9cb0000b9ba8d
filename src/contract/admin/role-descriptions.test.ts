import { describe, expect, it } from 'vitest';
import { ROLE_PERMISSIONS, ROLES } from './permissions';
import { describeRole, ROLE_DESCRIPTIONS } from './role-descriptions';

describe('role descriptions on the staff form', () => {
  it('say in one sentence what each role may do, as the permission table has it', () => {
    expect(ROLE_DESCRIPTIONS).toEqual({
      owner: 'Everything in the back office, and the only role for adding staff, changing their roles and resetting their sign-in.',
      manager: 'Everything in the back office except adding staff, changing their roles and resetting their sign-in.',
      orders: 'Accepts, holds and cancels orders; sees orders, invoices, stock and customers.',
      warehouse: 'Prints pick lists and ships orders; counts and adjusts stock; sees orders and stock.',
      catalogue: 'Edits items, prices, coupons, order forms, distributors and pages; sees stock and items.',
      accounts: 'Edits, approves and suspends customers; sets price levels; sets terms and credit limits and records payments; reads the reports; sees orders, invoices and customers.',
    });
  });

  it('follow the table: a permission given to a role shows in its sentence', () => {
    const changed = { ...ROLE_PERMISSIONS, orders: [...ROLE_PERMISSIONS.orders, 'stock:write' as const], manager: ROLE_PERMISSIONS.manager.filter((p) => p !== 'audit:read') };
    expect(describeRole('orders', changed)).toBe('Accepts, holds and cancels orders; counts and adjusts stock; sees orders, invoices, stock and customers.');
    expect(describeRole('manager', changed)).toBe('Everything in the back office except reading the audit log and adding staff, changing their roles and resetting their sign-in.');
    for (const r of ROLES) expect(ROLE_DESCRIPTIONS[r]).toMatch(/^[A-Z][^.]*\.$/);
  });
});
