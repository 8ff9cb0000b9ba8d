import { describe, expect, it } from 'vitest';
import { addressKey, THROTTLE_RULES } from './login-throttle';

describe('addressKey', () => {
  it('counts IPv4 addresses one by one, also when mapped into IPv6', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 client by its /64, however the address is written', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });
});

describe('throttle rules', () => {
  it('stop a guesser at one address long before 30 tries, and lock a customer out for minutes, not hours', () => {
    const pair = THROTTLE_RULES.find((r) => r.scope === 'pair');
    const account = THROTTLE_RULES.find((r) => r.scope === 'account');
    expect(pair?.limit).toBeLessThan(30);
    expect(account?.limit).toBeGreaterThan(30);
    expect(account?.windowMs).toBeLessThanOrEqual(15 * 60 * 1000);
  });
});
