/**
 * The invariant driver's HTTP clients: a buyer (user-token) and a staff member (session cookie and
 * CSRF header), talking to a real server process over 127.0.0.1 only.
 */

export interface Answer {
  status: number;
  /** Parsed JSON when the answer is JSON, else undefined. */
  body: any;
  text: string;
}

export interface Caller {
  /** `extra`: more request headers (an If-Match). */
  call(method: string, path: string, body?: unknown, extra?: Record<string, string>): Promise<Answer>;
  upload(path: string, file: { name: string; text: string }): Promise<Answer>;
}

/** `base` is `http://127.0.0.1:PORT`; nothing else is ever a target. */
export function assertLocal(base: string): void {
  const host = new URL(base).hostname;
  if (host !== '127.0.0.1' && host !== 'localhost' && host !== '::1' && host !== '[::1]') throw new Error(`the invariant driver talks to this machine only, not ${host}`);
}

async function send(url: string, init: RequestInit): Promise<Answer> {
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(60_000) });
    const text = await res.text();
    const json = res.headers.get('content-type')?.includes('json') && text ? JSON.parse(text) : undefined;
    return { status: res.status, body: json, text };
  } catch (err) {
    return { status: 0, body: undefined, text: String(err) };
  }
}

function caller(base: string, headers: () => Record<string, string>, unsafeHeaders: () => Record<string, string>): Caller {
  return {
    call: (method, path, body, extra = {}) =>
      send(`${base}${path}`, {
        method,
        headers: { ...headers(), ...(method === 'GET' ? {} : unsafeHeaders()), ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...extra },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    upload: (path, file) => {
      const form = new FormData();
      form.append('file', new Blob([file.text], { type: 'text/csv' }), file.name);
      return send(`${base}${path}`, { method: 'POST', headers: { ...headers(), ...unsafeHeaders() }, body: form });
    },
  };
}

export interface Buyer extends Caller {
  email: string;
  customerId: number;
}

export async function signInBuyer(base: string, email: string, password: string, customerId: number): Promise<Buyer> {
  assertLocal(base);
  const res = await fetch(`${base}/beapi/System/Login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: email, password }) });
  const token = res.headers.get('user-token');
  if (!token) throw new Error(`sign-in of ${email} failed: ${res.status} ${await res.text()}`);
  return { email, customerId, ...caller(`${base}/beapi`, () => ({ 'user-token': token }), () => ({})) };
}

export interface Staff extends Caller {
  email: string;
}

export async function signInStaff(base: string, email: string, password: string): Promise<Staff> {
  assertLocal(base);
  const res = await fetch(`${base}/beapi/Admin/Login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  if (res.status !== 200) throw new Error(`staff sign-in of ${email} failed: ${res.status} ${await res.text()}`);
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
  const { csrfToken } = (await res.json()) as { csrfToken: string };
  return { email, ...caller(`${base}/beapi/Admin`, () => ({ cookie }), () => ({ 'x-csrf-token': csrfToken })) };
}
