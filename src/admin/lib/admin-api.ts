import { ApiError, asProblem, queryString } from '../../web/lib/api-client';

export { ApiError, queryString };

/**
 * The back office's one API client (DESIGN.md §5): the session is the HttpOnly cookie the server
 * set at sign-in (never in localStorage, never a `user-token`), and every unsafe call carries the
 * session's CSRF token, which lives only in this module's memory (from Login or GET /Me).
 */
let csrfToken: string | null = null;

export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

/** A failed call with the problem's body, for the fields a screen looks at (`totpRequired`). */
export class AdminApiError extends ApiError {
  constructor(
    status: number,
    message: string,
    errors: string[],
    serverMessage: string | null,
    readonly body: unknown,
  ) {
    super(status, message, errors, serverMessage);
  }
}

/** Told when a call answers 401: the session has ended (expired, signed out elsewhere). */
const unauthorizedListeners = new Set<() => void>();
export function onStaffUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

interface Parser<T> {
  parse(v: unknown): T;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface CallOptions {
  /** JSON, or FormData for a multipart upload. */
  body?: unknown;
  /** The order's version for If-Match: a stale one is 409 "changed meanwhile". */
  ifMatch?: number;
  /** Sign-in answers 401 for a wrong password: that is not a lost session. */
  quiet401?: boolean;
  /** An Idempotency-Key: a retry of the same call answers what the first one did. */
  idempotencyKey?: string;
}

/** One call to /beapi/Admin/…: cookie session, CSRF header, problem+json → AdminApiError, answer parsed by the contract. */
export async function adminCall<T>(method: Method, path: string, schema: Parser<T> | null, fallbackMessage: string, options: CallOptions = {}): Promise<T> {
  const headers: Record<string, string> = {};
  // A FormData body (an upload) sets its own multipart content type.
  const form = options.body instanceof FormData;
  if (options.body !== undefined && !form) headers['content-type'] = 'application/json';
  if (method !== 'GET' && csrfToken) headers['x-csrf-token'] = csrfToken;
  if (options.ifMatch !== undefined) headers['if-match'] = String(options.ifMatch);
  if (options.idempotencyKey !== undefined) headers['idempotency-key'] = options.idempotencyKey;
  let response: Response;
  try {
    response = await fetch(`/beapi/Admin${path}`, {
      method,
      headers,
      credentials: 'same-origin',
      body: options.body === undefined ? undefined : form ? (options.body as FormData) : JSON.stringify(options.body),
    });
  } catch {
    throw new ApiError(0, 'Network error. Please check your connection');
  }
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    if (response.status === 401 && !options.quiet401) for (const l of unauthorizedListeners) l();
    const problem = asProblem(payload);
    throw new AdminApiError(response.status, problem?.detail || fallbackMessage, problem?.errors ?? [], problem?.detail || null, payload);
  }
  return schema ? schema.parse(payload) : (payload as T);
}

export const adminGet = <T>(path: string, schema: Parser<T>, fallbackMessage: string) => adminCall('GET', path, schema, fallbackMessage);

/** A link to a document the server makes (PDF): opened in a new tab, the cookie goes with it. */
export const documentUrl = (path: string) => `/beapi/Admin${path}`;

/**
 * A multipart upload to /beapi/Admin/… by XMLHttpRequest (fetch reports no upload progress), with
 * the session's CSRF header; `onProgress` gets 0 to 1. Answers like `adminCall`.
 */
export function adminUpload<T>(path: string, form: FormData, schema: Parser<T>, fallbackMessage: string, onProgress: (fraction: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/beapi/Admin${path}`);
    xhr.withCredentials = true;
    if (csrfToken) xhr.setRequestHeader('x-csrf-token', csrfToken);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new ApiError(0, 'Network error. Please check your connection'));
    xhr.onload = () => {
      let payload: unknown;
      try {
        payload = JSON.parse(xhr.responseText);
      } catch {
        payload = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(schema.parse(payload));
        return;
      }
      if (xhr.status === 401) for (const l of unauthorizedListeners) l();
      const problem = asProblem(payload);
      reject(new AdminApiError(xhr.status, problem?.detail || fallbackMessage, problem?.errors ?? [], problem?.detail || null, payload));
    };
    xhr.send(form);
  });
}
