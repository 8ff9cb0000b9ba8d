import { isIPv6 } from 'node:net';
import { SERVER_MESSAGES } from '../../../contract/messages';
import { TooManyRequests } from '../errors';

const MINUTE_MS = 60_000;

/**
 * Failed sign-ins are counted in the database (a `FailureLog` the accounts' owner gives), so
 * every process behind a load balancer sees the same counts. Three limits, each over a sliding window:
 *
 * - one account from one address: 5 failures in 15 minutes. This is what stops someone guessing
 *   a password, and it locks out only the guesser's own address;
 * - one address, any accounts: 20 in 15 minutes, against trying one password on many accounts;
 * - one account, any addresses: 50 in 5 minutes, against a guesser spread over many addresses.
 *   Only this limit can shut the real customer out, so it needs many addresses to reach, and its
 *   short window lets the customer in again a few minutes after the attack stops.
 *
 * Only failures count, once the password has been checked: sign-ins still being checked are not
 * failures, so an office behind one address can sign everyone in at once. A burst of parallel
 * guesses is held back separately, by the sign-ins in flight (in this process): for one account
 * from one address they count against the pair limit, so no more passwords are checked at once
 * than failures would be allowed; from one address over all accounts at most
 * MAX_IN_FLIGHT_PER_ADDRESS are checked at once.
 *
 * Attempts refused with 429 are not counted: waiting is enough to get through again.
 */
export const THROTTLE_RULES = [
  { scope: 'pair', limit: 5, windowMs: 15 * MINUTE_MS },
  { scope: 'address', limit: 20, windowMs: 15 * MINUTE_MS },
  { scope: 'account', limit: 50, windowMs: 5 * MINUTE_MS },
] as const;

/** Sign-ins from one address whose passwords are being checked at the same time (per process). */
export const MAX_IN_FLIGHT_PER_ADDRESS = 64;

const LONGEST_WINDOW_MS = Math.max(...THROTTLE_RULES.map((r) => r.windowMs));

type Scope = (typeof THROTTLE_RULES)[number]['scope'];

/**
 * The client address as counted: IPv6 clients usually hold a whole /64, so their addresses count
 * together; IPv4 (also IPv4-mapped IPv6) counts per address.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

/** Whose failures a limit counts: one account, one address, or both. */
export interface FailureScope {
  accountKey?: string;
  address?: string;
}

/** The failed sign-ins, kept in a table of the module whose accounts sign in. */
export interface FailureLog {
  /** Time of the n-th most recent failure in the scope since `since`, if there are n of them. */
  nthRecent(scope: FailureScope, since: string, n: number): Promise<string | undefined>;
  add(failure: { accountKey: string; address: string; at: string }): Promise<void>;
  /** Forgets the scope's failures (nothing when the scope is empty). */
  forget(scope: FailureScope): Promise<void>;
  forgetBefore(before: string): Promise<void>;
}

function scopeOf(scope: Scope, accountKey: string, address: string): FailureScope {
  if (scope === 'pair') return { accountKey, address };
  return scope === 'address' ? { address } : { accountKey };
}

export class LoginThrottle {
  /** Attempts whose password is being checked now, by pair and by address (this process only). */
  private readonly inFlight = new Map<string, number>();

  constructor(private readonly failures: FailureLog) {}

  /**
   * One sign-in attempt (or a check of the current password): 429 when a limit is reached, else
   * `verify` runs and its answer is counted, a failure as a failure and a success by forgetting
   * this address's failures for the account.
   */
  async attempt(accountKey: string, ip: string, verify: () => Promise<boolean>): Promise<boolean> {
    const address = addressKey(ip);
    const pair = `pair\n${accountKey}\n${address}`;
    const from = `address\n${address}`;
    // Taken before any await, so parallel attempts see each other.
    const pairAhead = this.enter(pair);
    const addressAhead = this.enter(from);
    try {
      if (addressAhead >= MAX_IN_FLIGHT_PER_ADDRESS) throw new TooManyRequests(SERVER_MESSAGES.tooManyAttempts, 1);
      await this.check(accountKey, ip, pairAhead);
      const ok = await verify();
      if (ok) await this.recordSuccess(accountKey, ip);
      else await this.recordFailure(accountKey, ip);
      return ok;
    } finally {
      this.leave(pair);
      this.leave(from);
    }
  }

  /**
   * Throws 429 with the seconds until the next attempt may be made, when any limit is reached.
   * `pairInFlight` attempts for the same account and address, not yet decided, count as failures
   * for the pair limit.
   */
  async check(accountKey: string, ip: string, pairInFlight = 0): Promise<void> {
    const address = addressKey(ip);
    const now = Date.now();
    let retryAt = 0;
    for (const rule of THROTTLE_RULES) {
      const since = new Date(now - rule.windowMs).toISOString();
      const limit = rule.scope === 'pair' ? rule.limit - pairInFlight : rule.limit;
      if (limit <= 0) {
        retryAt = Math.max(retryAt, now + 1000);
        continue;
      }
      // The window drops below the limit once the limit-th most recent failure ages out of it.
      const nth = await this.failures.nthRecent(scopeOf(rule.scope, accountKey, address), since, limit);
      if (nth) retryAt = Math.max(retryAt, Date.parse(nth) + rule.windowMs);
    }
    if (retryAt > now) {
      throw new TooManyRequests(SERVER_MESSAGES.tooManyAttempts, Math.max(1, Math.ceil((retryAt - now) / 1000)));
    }
  }

  /** Counts an attempt in flight; answers how many were in flight before it. */
  private enter(key: string): number {
    const ahead = this.inFlight.get(key) ?? 0;
    this.inFlight.set(key, ahead + 1);
    return ahead;
  }

  private leave(key: string): void {
    const left = (this.inFlight.get(key) ?? 1) - 1;
    if (left > 0) this.inFlight.set(key, left);
    else this.inFlight.delete(key);
  }

  async recordFailure(accountKey: string, ip: string): Promise<void> {
    const now = Date.now();
    await this.failures.add({ accountKey, address: addressKey(ip), at: new Date(now).toISOString() });
    await this.failures.forgetBefore(new Date(now - LONGEST_WINDOW_MS).toISOString());
  }

  /** After a correct password, this address starts afresh for this account. */
  async recordSuccess(accountKey: string, ip: string): Promise<void> {
    await this.failures.forget({ accountKey, address: addressKey(ip) });
  }

  /** After a password reset the account starts afresh everywhere. */
  async forgetAccount(accountKey: string): Promise<void> {
    await this.failures.forget({ accountKey });
  }
}
