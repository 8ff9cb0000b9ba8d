import type { Problem } from '../../contract/problem';
import type { EarlyCall } from '../early-data';

/** Every failed call becomes one error type carrying the server's message (its problem detail). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: string[] = [],
    /** The server's own message (its problem detail), when it sent one. */
    readonly serverMessage: string | null = null,
  ) {
    super(message);
  }
}

/**
 * Called when a call made with a token answers 401: the session has ended on the server (expired,
 * revoked by a password change). The session module signs out and sends the user to /signin.
 */
const unauthorizedListeners = new Set<() => void>();
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export const TOKEN_KEY = 'shop.userToken';

/**
 * Staff viewing the shop as a customer (decision 0035): that session lives in this tab only
 * (sessionStorage), so the buyer session a browser may hold in localStorage is neither used nor
 * replaced, and other tabs are not affected. Once it has ended the tab stays signed out (`token`
 * '') rather than falling back to that other session.
 */
export const ACTING_KEY = 'shop.actingAs';

export interface Acting {
  token: string;
  company: string;
  staffName: string;
  expiresAt: string;
}

/** The tab's act-as record as stored (a string, so it can be a React external store's snapshot). */
export function storedActingRaw(): string | null {
  try {
    return sessionStorage.getItem(ACTING_KEY);
  } catch {
    return null;
  }
}

export function parseActing(raw: string | null): Acting | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<Acting>;
    return typeof v.token === 'string' && typeof v.company === 'string' && typeof v.staffName === 'string' && typeof v.expiresAt === 'string' ? (v as Acting) : null;
  } catch {
    return null;
  }
}

export function storeActing(acting: Acting): void {
  try {
    sessionStorage.setItem(ACTING_KEY, JSON.stringify(acting));
  } catch {
    // storage refused: the act-as page says so
  }
}

export function storedToken(): string | null {
  const acting = parseActing(storedActingRaw());
  if (acting) return acting.token || null;
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function storeToken(token: string | null): void {
  const acting = parseActing(storedActingRaw());
  if (acting) {
    // An act-as tab never signs in as anyone else; signing out ends the act-as session.
    if (!token && acting.token) storeActing({ ...acting, token: '' });
    return;
  }
  try {
    if (token) localStorage.setItem(TOKEN_KEY, token);
    else localStorage.removeItem(TOKEN_KEY);
  } catch {
    // private mode: the session simply does not survive a reload
  }
}

interface Parser<T> {
  parse(v: unknown): T;
}

/** A problem+json body (contract/problem.ts), checked by hand so the API client does not pull zod into every page. */
export function asProblem(body: unknown): Pick<Problem, 'detail' | 'errors'> | null {
  if (typeof body !== 'object' || body === null) return null;
  const { detail, errors } = body as Record<string, unknown>;
  if (typeof detail !== 'string') return null;
  return { detail, errors: Array.isArray(errors) ? errors.filter((e): e is string => typeof e === 'string') : [] };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * A call the early data script (early-data.ts) already started for this path with this token, taken
 * once: the first GET of a landing page uses that response instead of calling again.
 */
function takeEarlyCall(path: string, token: string | null): Promise<Response> | null {
  const calls: Map<string, EarlyCall> | undefined = typeof window === 'undefined' ? undefined : window.shopEarlyCalls;
  const call = calls?.get(path);
  if (!call) return null;
  calls!.delete(path);
  return call.token === token ? call.response : null;
}

/** One call to /beapi/…: sends the token, turns failures into ApiError, parses the answer with the contract's schema. */
export async function apiRequest<T>(method: Method, path: string, schema: Parser<T> | null, fallbackMessage: string, body?: unknown, extraHeaders: Record<string, string> = {}): Promise<T> {
  return (await apiSend(method, path, schema, fallbackMessage, body, extraHeaders)).data;
}

/** apiRequest that also answers the response headers (the login's `user-token`). */
export async function apiSend<T>(method: Method, path: string, schema: Parser<T> | null, fallbackMessage: string, body?: unknown, extraHeaders: Record<string, string> = {}): Promise<{ data: T; headers: Headers }> {
  const token = storedToken();
  const headers: Record<string, string> = { ...extraHeaders, ...(token ? { 'user-token': token } : {}) };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const call = () => fetch(`/beapi${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const early = method === 'GET' && body === undefined && Object.keys(extraHeaders).length === 0 ? takeEarlyCall(path, token) : null;
  let response: Response;
  try {
    response = await (early ? early.catch(call) : call());
  } catch {
    throw new ApiError(0, 'Network error. Please check your connection');
  }
  const payload = await answered(response, token, fallbackMessage);
  return { data: schema ? schema.parse(payload) : (payload as T), headers: response.headers };
}

/** The answer's JSON; a refusal is an ApiError with the server's words (and a 401 of this session signs the browser out). */
async function answered(response: Response, token: string | null, fallbackMessage: string): Promise<unknown> {
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    if (response.status === 401 && token && token === storedToken()) for (const l of unauthorizedListeners) l();
    const problem = asProblem(payload);
    throw new ApiError(response.status, problem?.detail || fallbackMessage, problem?.errors ?? [], problem?.detail || null);
  }
  return payload;
}

/** GET /beapi/…, parsed with the contract's schema. */
export function apiGet<T>(path: string, schema: Parser<T>, fallbackMessage: string): Promise<T> {
  return apiRequest('GET', path, schema, fallbackMessage);
}

export function apiPost<T>(path: string, body: unknown, schema: Parser<T> | null, fallbackMessage: string): Promise<T> {
  return apiRequest('POST', path, schema, fallbackMessage, body);
}

/** A query string from a record; arrays become repeated parameters (?color=a&color=b). */
export function queryString(params: Record<string, string | number | undefined | readonly string[]>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === '') continue;
    if (Array.isArray(value)) for (const v of value) search.append(key, v);
    else search.append(key, String(value));
  }
  const s = search.toString();
  return s ? `?${s}` : '';
}

/**
 * A file from /beapi/… (a PDF), fetched with the token in its header: a plain link could not send
 * it. Failures become ApiError like every other call.
 */
export async function apiBlob(path: string, fallbackMessage: string): Promise<Blob> {
  const token = storedToken();
  let response: Response;
  try {
    response = await fetch(`/beapi${path}`, { headers: token ? { 'user-token': token } : {} });
  } catch {
    throw new ApiError(0, 'Network error. Please check your connection');
  }
  if (!response.ok) {
    const problem = asProblem(await response.json().catch(() => null));
    if (response.status === 401 && token && token === storedToken()) for (const l of unauthorizedListeners) l();
    throw new ApiError(response.status, problem?.detail || fallbackMessage, problem?.errors ?? [], problem?.detail || null);
  }
  return response.blob();
}

/** Saves a fetched file under `filename` (the browser's own download). */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** A multipart upload (a FormData) to /beapi/…, with the token; answers and fails like apiRequest. */
export async function apiUpload<T>(path: string, form: FormData, schema: Parser<T>, fallbackMessage: string): Promise<T> {
  const token = storedToken();
  let response: Response;
  try {
    response = await fetch(`/beapi${path}`, { method: 'POST', headers: token ? { 'user-token': token } : {}, body: form });
  } catch {
    throw new ApiError(0, 'Network error. Please check your connection');
  }
  return schema.parse(await answered(response, token, fallbackMessage));
}
