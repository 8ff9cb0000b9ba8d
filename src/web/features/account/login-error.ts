import { ERRORS } from '../../../contract/messages';
import { ApiError } from '../../lib/api-client';

/** The last fallback of spec §8 (with its full stop, unlike the by-status text). */
export const LOGIN_FAILED = 'Login failed. Please try again.';

const BY_STATUS: Record<number, string> = {
  401: ERRORS.login.invalidCredentials,
  403: ERRORS.login.forbidden,
  404: ERRORS.login.userNotFound,
  500: ERRORS.login.serverError,
};

/**
 * The login error of spec §8, in its order of precedence: the server's errorMessage; else its
 * validation errors joined with commas; else a text by status; no response at all is a network
 * error; anything else the generic failure.
 */
export function loginErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return LOGIN_FAILED;
  if (error.serverMessage) return error.serverMessage;
  if (error.errors.length > 0) return error.errors.join(', ');
  if (error.status === 0) return ERRORS.login.network;
  return BY_STATUS[error.status] ?? ERRORS.login.failed;
}

/** Customer calls (§8): the problem's detail when the server sent one, otherwise the screen's own text. */
export function customerErrorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}
