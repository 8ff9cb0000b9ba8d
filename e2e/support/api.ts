import type { RunningShop } from './shop';

/** The demo buyer of DESIGN.md §2. */
export const DEMO_BUYER = { username: 'buyer@example.com', password: 'balloons123' };

/** Signs in through the real API and answers the session token. */
export async function signInByApi(shop: RunningShop, who = DEMO_BUYER): Promise<string> {
  const res = await fetch(`${shop.url}/beapi/System/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(who),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status}`);
  return res.headers.get('user-token')!;
}

export type Api = (method: string, path: string, body?: unknown) => Promise<any>;

/** Calls `/beapi` as the holder of the token; a refused call throws with the server's answer. */
export function apiAs(shop: RunningShop, token: string): Api {
  return async (method, path, body) => {
    const res = await fetch(`${shop.url}/beapi${path}`, {
      method,
      headers: { 'user-token': token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return text ? JSON.parse(text) : null;
  };
}
