import { afterEach, describe, expect, it } from 'vitest';
import { ACTING_KEY, storedToken, storeToken, TOKEN_KEY } from './api-client';
import { startActing } from './session';

/**
 * A tab where staff view the shop as a customer (decision 0035) uses that session only: not the
 * buyer session the browser may hold, which it never replaces; once ended it stays signed out.
 */
describe('the act-as session of a tab', () => {
  afterEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('is used instead of the browser’s own session, which stays as it was', () => {
    localStorage.setItem(TOKEN_KEY, 'buyer-own-token');
    startActing({ token: 'acting-token', company: 'Party Palace', staffName: 'Olivia Owner', expiresAt: '2026-11-30T12:30:00.000Z' });
    expect(storedToken()).toBe('acting-token');
    storeToken('someone-else');
    expect(storedToken()).toBe('acting-token');
    expect(localStorage.getItem(TOKEN_KEY)).toBe('buyer-own-token');
  });

  it('once ended leaves the tab signed out rather than falling back to another session', () => {
    localStorage.setItem(TOKEN_KEY, 'buyer-own-token');
    startActing({ token: 'acting-token', company: 'Party Palace', staffName: 'Olivia Owner', expiresAt: '2026-11-30T12:30:00.000Z' });
    storeToken(null);
    expect(storedToken()).toBeNull();
    expect(JSON.parse(sessionStorage.getItem(ACTING_KEY)!)).toMatchObject({ token: '', company: 'Party Palace' });
    expect(localStorage.getItem(TOKEN_KEY)).toBe('buyer-own-token');
  });

  it('is absent in a buyer’s own tab', () => {
    localStorage.setItem(TOKEN_KEY, 'buyer-own-token');
    expect(storedToken()).toBe('buyer-own-token');
    storeToken(null);
    expect(storedToken()).toBeNull();
  });
});
