/**
 * Whether a request path names the back office (/beapi/Admin), however it is spelt: any case,
 * percent-encoded letters, doubled slashes, dot segments, a trailing slash or a query. The router
 * forgives some of these (duplicate slashes, encoding), so the checks that keep the back office
 * out of CORS and the fast lane (cors.ts, fast-lane.ts) must not be fooled by any of them.
 */
export function isAdminPath(url: string): boolean {
  let path = url.split(/[?#]/, 1)[0] ?? '';
  // Most paths have nothing to decode or resolve (this runs on every API request).
  if (!/[%\\.]|\/\//.test(path)) return startsAdmin(path.toLowerCase());
  // Decode until stable (a few rounds at most): %2541 is %41 is A to something that decodes twice.
  for (let i = 0; i < 3; i++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      break;
    }
    if (decoded === path) break;
    path = decoded;
  }
  path = path.replace(/\\/g, '/').replace(/\/{2,}/g, '/').toLowerCase();
  // Dot segments as a proxy or browser would resolve them.
  const segments: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '..') segments.pop();
    else if (segment !== '.') segments.push(segment);
  }
  return startsAdmin(segments.join('/'));
}

function startsAdmin(lowerPath: string): boolean {
  return lowerPath === '/beapi/admin' || lowerPath.startsWith('/beapi/admin/');
}
