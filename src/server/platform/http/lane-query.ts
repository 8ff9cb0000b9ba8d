/**
 * The query string of a fast-lane request, read the way Fastify's parser (fast-querystring) reads
 * it, for the plain strings a client normally sends: `key=value` pairs joined by `&`, a `+` for a
 * space, `%XX` escapes, a key given twice becomes an array. The lane then checks the result with
 * the route's own zod schema, so both sides apply the same rules.
 *
 * Anything out of the ordinary answers null and the request goes to Fastify: a key that is not one
 * of `keys` (written exactly, unescaped), a pair without `=`, an empty pair, an escape that does
 * not decode, a control character (NUL included, which Fastify's guard refuses), a key given more
 * than 50 times. That way the lane never has to agree with Fastify on an edge case.
 */
export function parseLaneQuery(query: string, keys: ReadonlySet<string>): Record<string, string | string[]> | null {
  const out: Record<string, string | string[]> = {};
  const counts: Record<string, number> = {};
  let start = 0;
  while (start <= query.length) {
    let end = query.indexOf('&', start);
    if (end === -1) end = query.length;
    const eq = query.indexOf('=', start);
    if (eq === -1 || eq >= end) return null;
    const key = query.slice(start, eq);
    if (!keys.has(key)) return null;
    const value = decodeValue(query.slice(eq + 1, end));
    if (value === null) return null;
    const seen = (counts[key] = (counts[key] ?? 0) + 1);
    if (seen > 50) return null;
    const held = out[key];
    if (held === undefined) out[key] = value;
    else if (typeof held === 'string') out[key] = [held, value];
    else held.push(value);
    start = end + 1;
  }
  return out;
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

function decodeValue(raw: string): string | null {
  let value = raw.includes('+') ? raw.replaceAll('+', ' ') : raw;
  if (value.includes('%')) {
    try {
      value = decodeURIComponent(value);
    } catch {
      return null;
    }
  }
  return CONTROL.test(value) ? null : value;
}
