import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { type Algorithm, hash, verify } from '@node-rs/argon2';
import { ACCOUNT_RULES, SERVER_MESSAGES } from '../../../contract/messages';
import { Invalid } from '../errors';
import { isCommonPassword } from './common-passwords';

/**
 * argon2id with the OWASP minimum (m=19456 KiB, t=2, p=1). @node-rs/argon2's async functions
 * run on the libuv thread pool, so hashing never blocks the event loop.
 */
const ARGON2ID = 2 as Algorithm;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * Hashes that run at once in this process: one core fewer than the machine has (at least one).
 * Each hash keeps a core busy for ~20 ms; left to the thread pool's four threads, a burst of
 * sign-ins took every core from the event loop, and catalogue answers waited behind them.
 */
const HASHING_AT_ONCE = Math.max(1, availableParallelism() - 1);
let hashing = 0;
const waiting: (() => void)[] = [];

/** Runs `work` when a hashing slot is free; callers queue in arrival order. */
async function inHashingSlot<T>(work: () => Promise<T>): Promise<T> {
  if (hashing >= HASHING_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  else hashing++;
  try {
    return await work();
  } finally {
    // The slot passes straight to the next caller, or is given back.
    const next = waiting.shift();
    if (next) next();
    else hashing--;
  }
}

/**
 * Hashes a new password. The length rule is checked again here, before any hashing, so no caller
 * can make the server hash a huge input.
 */
export async function hashPassword(password: string): Promise<string> {
  assertAcceptablePassword(password);
  return inHashingSlot(() => hash(password, OPTIONS));
}

/** The rules of a new password: 8 to 128 characters, and not one of the most common ones. */
export function assertAcceptablePassword(password: string): void {
  if (password.length < ACCOUNT_RULES.newPasswordMin) throw new Invalid(SERVER_MESSAGES.newPasswordTooShort);
  if (password.length > ACCOUNT_RULES.newPasswordMax) throw new Invalid(SERVER_MESSAGES.passwordTooLong);
  if (isCommonPassword(password)) throw new Invalid(SERVER_MESSAGES.passwordTooCommon);
}

/** False for a wrong password, an over-long one or an unreadable hash; never throws. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  if (password.length > ACCOUNT_RULES.newPasswordMax || !passwordHash) return false;
  try {
    return await inHashingSlot(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;

/**
 * Spends the same time as checking a real password, for sign-ins with an unknown email, so the
 * answer's timing does not tell which addresses are registered.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  await verifyPassword(await prepareDummyHash(), password);
  return false;
}

/** Made ahead (at start-up), so even the first unknown email costs no more than a wrong password. */
export function prepareDummyHash(): Promise<string> {
  dummyHash ??= inHashingSlot(() => hash(randomBytes(16).toString('hex'), OPTIONS));
  return dummyHash;
}

/** Security answers are kept only as hashes, of a form that ignores case and spacing. */
function normaliseAnswer(answer: string): string {
  return answer.trim().replace(/\s+/g, ' ').toLowerCase();
}

export function hashSecurityAnswer(answer: string): Promise<string> {
  return inHashingSlot(() => hash(normaliseAnswer(answer).slice(0, ACCOUNT_RULES.textMax), OPTIONS));
}
