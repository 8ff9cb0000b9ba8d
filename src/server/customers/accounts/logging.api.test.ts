import { describe, expect, it } from 'vitest';
import { logLines } from '../../test-support/log-lines';
import { withShop } from '../../test-support/shop';
import { call, linkToken, login, mailsFor, newCustomer, withToken } from '../testing';

const { lines, logger } = logLines('trace');
const { t } = withShop({ options: { logger } });

describe('account calls in the logs', () => {
  it('never show a password, a token or a reset link', async () => {
    const c = await newCustomer(t, { password: 'Zebra-Secret-42', reenterPassword: 'Zebra-Secret-42' });
    const token = await login(t, c.email, c.password);
    await call(t, {
      method: 'POST',
      url: '/System/Login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `username=${encodeURIComponent(c.email)}&password=Zebra-Secret-42`,
    });
    await call(t, { method: 'POST', url: '/System/Login', payload: { username: c.email, password: 'Wrong-Guess-77' } });
    await call(t, { method: 'GET', url: '/Customer/GetCustomerInfo', headers: withToken(token) });
    await call(t, { method: 'POST', url: '/System/ForgotPassword', payload: { email: c.email } });
    const resetToken = linkToken((await mailsFor(t, c.email)).find((m) => m.subject === 'Reset your password'));
    await call(t, {
      method: 'POST',
      url: '/System/ResetPassword',
      payload: { accessToken: resetToken, newPassword: 'Other-Secret-99', reenterPassword: 'Other-Secret-99' },
    });

    const logs = lines.join('\n');
    expect(logs).toContain('/beapi/System/Login');
    for (const secret of ['Zebra-Secret-42', 'Wrong-Guess-77', 'Other-Secret-99', token, c.token, resetToken]) {
      expect(logs).not.toContain(secret);
    }
  });
});
