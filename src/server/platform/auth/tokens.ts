import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes as base64url: 43 characters. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A fresh 256-bit token and the hash that is all the database ever sees of it. */
export function newToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}

export function looksLikeToken(token: string): boolean {
  return TOKEN_PATTERN.test(token);
}
