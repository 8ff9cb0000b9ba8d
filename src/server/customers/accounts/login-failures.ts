import type { FailureLog } from '../../platform/auth/login-throttle';
import * as q from './queries';

/** The customers' and staff's failed sign-ins, counted in `login_failures` (the sign-in throttle's log). */
export function loginFailures(db: q.Db): FailureLog {
  return {
    nthRecent: (scope, since, n) => q.nthRecentFailure(db, scope, since, n),
    add: (f) => q.insertLoginFailure(db, { account_key: f.accountKey, address: f.address, created_at: f.at }),
    forget: (scope) => q.deleteLoginFailures(db, scope),
    forgetBefore: (before) => q.deleteLoginFailuresBefore(db, before),
  };
}
