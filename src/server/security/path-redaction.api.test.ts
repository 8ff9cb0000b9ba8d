import { describe, expect, it } from 'vitest';
import { call, newCustomer, withToken } from '../customers/testing';
import { logLines } from '../test-support/log-lines';
import { withShop } from '../test-support/shop';

/**
 * Issue 16, finding 7: query strings were redacted in the request log, path parameters were not,
 * so UpdateEmail/{email} wrote addresses to the log and AddCoupon/{code} coupon codes.
 */

const { lines, logger } = logLines('trace');
const { t } = withShop({ catalogue: true, coupons: true, options: { logger } });

describe('path parameters in the logs', () => {
  it('never show the address of UpdateEmail nor the code of AddCoupon and DeleteCoupon', async () => {
    const c = await newCustomer(t);
    const secretAddress = `private.person.${process.pid}@mailbox.test`;
    await call(t, { method: 'PUT', url: `/Customer/UpdateEmail/${encodeURIComponent(secretAddress)}`, headers: withToken(c.token) });
    await call(t, { method: 'PUT', url: `//Customer//UpdateEmail/${secretAddress}`, headers: withToken(c.token) });
    await call(t, { method: 'POST', url: '/Shop/AddCoupon/WELCOME10', headers: withToken(c.token) });
    await call(t, { method: 'POST', url: '/Shop/AddCoupon/SECRETGUESS77?x=1', headers: withToken(c.token) });
    await call(t, { method: 'DELETE', url: '/Shop/DeleteCoupon/WELCOME10', headers: withToken(c.token) });

    const logs = lines.join('\n');
    expect(logs).toContain('/beapi/Customer/UpdateEmail/…');
    expect(logs).toContain('/beapi/Shop/AddCoupon/…');
    for (const secret of ['private.person', 'mailbox.test', 'WELCOME10', 'SECRETGUESS77']) expect(logs).not.toContain(secret);
  });
});
