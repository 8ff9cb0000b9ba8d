import { describe, expect, it } from 'vitest';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords';

describe('passwords', () => {
  it('hashes with argon2id, m=19456 KiB, t=2, p=1, and verifies', async () => {
    const hash = await hashPassword('balloons123');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'balloons123')).toBe(true);
    expect(await verifyPassword(hash, 'balloons124')).toBe(false);
  });

  it('refuses new passwords under 8 or over 128 characters before hashing', async () => {
    await expect(hashPassword('1234567')).rejects.toThrow('Password must be at least 8 characters long');
    await expect(hashPassword('x'.repeat(129))).rejects.toThrow('Password must be at most 128 characters long');
    await expect(hashPassword('x'.repeat(128))).resolves.toMatch(/^\$argon2id\$/);
  });

  it('never throws on a bad hash or an over-long password', async () => {
    expect(await verifyPassword('not a hash', 'whatever1')).toBe(false);
    expect(await verifyPassword('', 'whatever1')).toBe(false);
    const hash = await hashPassword('balloons123');
    expect(await verifyPassword(hash, 'x'.repeat(10_000))).toBe(false);
  });

  it('answers every one of a burst of checks, right, wrong and unreadable alike (hashing takes turns)', async () => {
    const hash = await hashPassword('balloons123');
    const tries = ['balloons123', 'balloons124', 'balloons123', 'x', 'balloons123'];
    const answers = await Promise.all([
      ...tries.map((p) => verifyPassword(hash, p)),
      verifyPassword('not a hash', 'balloons123'),
      verifyPassword(hash, 'balloons123'),
    ]);
    expect(answers).toEqual([true, false, true, false, true, false, true]);
  });

  it('spends a real verification on unknown accounts', async () => {
    expect(await verifyAgainstDummy('anything')).toBe(false);
  });
});
