import { randomInt } from 'node:crypto';
import { isUniqueViolation } from '../../platform/db/constraints';

/** Letters and digits that cannot be mistaken for each other when read out over the phone. */
const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/**
 * Customer and ship-to codes are random rather than sequential, so a code says nothing about how
 * many customers there are and cannot be guessed from one's own.
 */
export function newCode(prefix: 'C' | 'S'): string {
  let code = prefix;
  for (let i = 0; i < 8; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** Runs an insert that takes a fresh code, again with another code if one was already taken. */
export async function withFreshCode<T>(prefix: 'C' | 'S', insert: (code: string) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await insert(newCode(prefix));
    } catch (err) {
      if (!isUniqueViolation(err) || attempt >= 3) throw err;
    }
  }
}
