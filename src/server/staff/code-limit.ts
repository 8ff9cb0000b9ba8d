import { SERVER_MESSAGES } from '../../contract/messages';
import { addressKey } from '../platform/auth/login-throttle';
import { TooManyRequests } from '../platform/errors';
import * as q from './queries';

/**
 * Wrong TOTP codes are limited per member, whatever the address (decision 0027): a code is only
 * tried after the right password, so whoever tries it has the password, and spreading guesses
 * over addresses must not buy more of them. After CODE_LIMIT wrong codes in the window every
 * sign-in of the member answers 429 until the oldest of them ages out; only a full sign-in
 * (password and right code) forgets them. A code-less sign-in neither counts nor forgets.
 *
 * Each try takes its place first (a row), then counts: parallel guesses each see the others, so
 * no burst gets more than CODE_LIMIT codes checked.
 */
export const CODE_LIMIT = { max: 5, windowMs: 15 * 60_000 } as const;

export class CodeLimit {
  constructor(private readonly db: q.Db) {}

  /** 429 while the member's wrong codes are at the limit. */
  async check(staffId: number): Promise<void> {
    const now = Date.now();
    const nth = await q.nthRecentCodeFailure(this.db, staffId, new Date(now - CODE_LIMIT.windowMs).toISOString(), CODE_LIMIT.max);
    if (nth) throw tooMany(Date.parse(nth) + CODE_LIMIT.windowMs - now);
  }

  /**
   * Takes a place for one code about to be checked: it stays as a wrong code unless the code was
   * right (`release`, or `forget` after a full sign-in). 429, taking nothing, at the limit.
   */
  async take(staffId: number, ip: string): Promise<number> {
    const now = Date.now();
    const since = new Date(now - CODE_LIMIT.windowMs).toISOString();
    // Rows older than the window are of no use to the limit.
    await q.deleteCodeFailures(this.db, staffId, since);
    const id = await q.insertCodeFailure(this.db, staffId, addressKey(ip), new Date(now).toISOString());
    if ((await q.countCodeFailuresSince(this.db, staffId, since)) <= CODE_LIMIT.max) return id;
    await q.deleteCodeFailure(this.db, id);
    const nth = await q.nthRecentCodeFailure(this.db, staffId, since, CODE_LIMIT.max);
    throw tooMany(nth ? Date.parse(nth) + CODE_LIMIT.windowMs - now : 1000);
  }

  /** The code was right: its place is given back. */
  release(id: number): Promise<void> {
    return q.deleteCodeFailure(this.db, id);
  }

  /** After a full sign-in, a new authenticator or a reset: the member starts afresh. */
  forget(db: q.Db, staffId: number): Promise<void> {
    return q.deleteCodeFailures(db, staffId);
  }
}

function tooMany(ms: number): TooManyRequests {
  return new TooManyRequests(SERVER_MESSAGES.tooManyAttempts, Math.max(1, Math.ceil(ms / 1000)));
}
