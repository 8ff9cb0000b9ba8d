import { describe, expect, it } from 'vitest';
import { placeOrder, setStock } from '../flows/lifecycle-test-helpers';
import { adminCall } from '../test-support/admin';
import { withShop } from '../test-support/shop';

/**
 * The one text rule (src/contract/text.ts, issue 16) on the back office's own text fields: a
 * control character, a direction override or an invisible "required" text is a 400 naming the
 * field, and nothing changes.
 */
const { t, staff: { owner } } = withShop({ catalogue: true, staff: { owner: 'demo owner' } });

const auditRows = async () => (await t.ctx.database.db.selectFrom('audit_log').select('id').execute()).length;

describe('admin text fields', () => {
  it('refuse a hold reason of zero-width spaces, or with a line break, and leave the order as it was', async () => {
    await setStock(t, '11002', 50, 50);
    const { order } = await placeOrder(t, [['11002', 2]]);
    const before = await auditRows();
    const invisible = await adminCall(t, owner, { method: 'POST', url: `/Orders/${order.orderNum}/Hold`, payload: { reason: '\u200B\u200B' } });
    expect(invisible.status).toBe(400);
    expect(invisible.body.detail).toBe('Say why the order is on hold');
    const forged = await adminCall(t, owner, { method: 'POST', url: `/Orders/${order.orderNum}/Hold`, payload: { reason: 'late\r\nBcc: x@evil.example' } });
    expect(forged.status).toBe(400);
    expect(forged.body.detail).toContain('Reason');
    expect((await adminCall(t, owner, { method: 'GET', url: `/Orders/${order.orderNum}` })).body.statusCode).toBe('received');
    expect(await auditRows()).toBe(before);
  });

  it('refuse a staff name with a right-to-left override, and a stock note with an escape sequence', async () => {
    const name = await adminCall(t, owner, { method: 'POST', url: '/Staff', payload: { email: 'rlo@example.com', name: 'Ann\u202Eeel', roles: ['orders'], password: 'long-enough-1' } });
    expect(name.status).toBe(400);
    expect(name.body.detail).toContain('Name');
    const note = await adminCall(t, owner, { method: 'POST', url: '/Stock/Adjust', payload: { invNum: '11002', warehouse: 'west', delta: 1, reason: 'count', note: 'ok\u001b[31m' } });
    expect(note.status).toBe(400);
    expect(note.body.detail).toContain('Note');
    expect((await adminCall(t, owner, { method: 'GET', url: '/Staff' })).body.some((s: { email: string }) => s.email === 'rlo@example.com')).toBe(false);
  });
});
