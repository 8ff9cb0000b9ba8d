import fc from 'fast-check';

/**
 * Hostile values and request builders shared by the fuzz tests (fuzz.api.test.ts for the buyer's
 * API, admin-fuzz.api.test.ts for the back office): every route is read from the route table and
 * its zod schemas, and gets plausible values (so runs get past the first check) mixed with these.
 */

/** A route to fuzz: its query keys and body shape come from its schemas (see shapeOf). */
export interface FuzzRoute {
  method: string;
  url: string;
  query: string[];
  body: { keys: string[]; array: boolean } | null;
}

/** Plausible values by parameter name: a query-string form and a JSON form, or null when none. */
export type Plausible = (key: string) => { query: string; json: unknown } | null;

/** The keys of an object schema, through optional/nullable/default/pipe wrappers. */
export function shapeOf(schema: unknown): { keys: string[]; array: boolean } | null {
  let s = schema as { _zod?: { def: Record<string, any> } } | undefined;
  let array = false;
  for (let i = 0; s?._zod && i < 10; i++) {
    const def = s._zod.def;
    if (def.type === 'object') return { keys: Object.keys(def.shape), array };
    if (def.type === 'array') {
      array = true;
      s = def.element;
    } else s = def.in ?? def.innerType ?? def.schema;
  }
  return null;
}

/** A FuzzRoute from a route's schema (`querystring`, `body`). */
export function fuzzRoute(method: string, url: string, schema: unknown): FuzzRoute {
  const s = (schema ?? {}) as { querystring?: unknown; body?: unknown };
  return { method, url, query: shapeOf(s.querystring)?.keys ?? [], body: s.body ? shapeOf(s.body) : null };
}

export const nastyStrings = [
  '', ' ', '-1', '0', '1.5', '-0', '1e308', '-13333333333333337', '99999999999999999999', 'NaN', 'Infinity', 'null', 'undefined',
  'true', '[]', '{}', '__proto__', 'constructor', 'prototype', "' OR '1'='1' --", '1; DROP TABLE items', '<script>alert(1)</script>',
  '\u0000', '%00', '../../etc/passwd', '\uFF19', '\u216B', '🎈🎈', 'e\u0301', '\u202Eevil', '\uD800', 'x'.repeat(100_000),
];
export const nastyString = fc.oneof(fc.constantFrom(...nastyStrings), fc.string({ maxLength: 30 }), fc.string({ unit: 'grapheme', maxLength: 20 }));
export const nastyNumber = fc.oneof(
  fc.constantFrom(1e308, -1e308, Number('-13333333333333337'), -1, 0, 0.5, 2 ** 53, Number.MIN_VALUE),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
export const nastyJson: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  nastyNumber,
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(nastyString, nastyNumber), { maxLength: 3 }),
  fc.dictionary(fc.constantFrom('a', '__proto__', 'constructor', 'price'), nastyString, { maxKeys: 2 }),
);

/** Raw JSON text, optionally with a __proto__ / constructor key or a duplicated key spliced in. */
export function bodyText(value: unknown, splice: string | null): string {
  const text = JSON.stringify(value, (_k, v: unknown) => (v === undefined ? undefined : v)) ?? 'null';
  if (!splice || !text.startsWith('{')) return text;
  return text === '{}' ? `{${splice}}` : `{${splice},${text.slice(1)}`;
}
export const splices = fc.option(
  fc.constantFrom('"__proto__":{"isAdmin":true,"price":0}', '"constructor":{"prototype":{"isAdmin":true}}', '"qty":-5', '"qty":-13333333333333337', '"price":0.01', '"__proto__":null'),
  { nil: null },
);

/** Percent-encoding; a lone surrogate goes out as the invalid UTF-8 bytes it would be. */
export function enc(v: string): string {
  try {
    return encodeURIComponent(v);
  } catch {
    return `${encodeURIComponent(v.replace(/[\uD800-\uDFFF]/g, ''))}%ED%A0%80`;
  }
}

export function queryString(query: Record<string, string[] | undefined>, extra: string | null): string {
  const parts = Object.entries(query).flatMap(([k, vs]) => (vs ?? []).map((v) => `${enc(k)}=${enc(v)}`));
  if (extra) parts.push(extra);
  return parts.length ? `?${parts.join('&')}` : '';
}

export function fuzzPath(url: string, params: Record<string, string>): string {
  return url.replace(/:(\w+)/g, (_m, name: string) => enc(params[name] ?? 'x'));
}

/** One fuzzed request for `route`: path parameters, query, an odd extra query, a body and a splice into it. */
export function fuzzRequest(route: FuzzRoute, valid: Plausible) {
  const queryValue = (key: string) => {
    const ok = valid(key);
    const single = ok ? fc.oneof(fc.constant(ok.query), nastyString) : nastyString;
    // Absent, one value, or the parameter repeated.
    return fc.option(fc.oneof({ weight: 4, arbitrary: single.map((v) => [v]) }, { weight: 1, arbitrary: fc.array(single, { minLength: 2, maxLength: 3 }) }), { nil: undefined });
  };
  const jsonValue = (key: string) => {
    const ok = valid(key);
    return fc.option(ok ? fc.oneof(fc.constant(ok.json), nastyJson) : nastyJson, { nil: undefined });
  };
  const jsonObject = (keys: string[]) => fc.record(Object.fromEntries(keys.map((k) => [k, jsonValue(k)])), { requiredKeys: [] });
  const params = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  return fc.record({
    params: fc.record(Object.fromEntries(params.map((p) => [p, valid(p) ? fc.oneof(fc.constant(valid(p)!.query), nastyString) : nastyString]))),
    query: fc.record(Object.fromEntries(route.query.map((k) => [k, queryValue(k)])), { requiredKeys: [] }),
    extraQuery: fc.option(fc.constantFrom('__proto__[isAdmin]=1', 'constructor[prototype][x]=1', 'price=0.01', 'qty=1&qty=-1', '%E0%A4%A=1'), { nil: null }),
    body: route.body
      ? route.body.array
        ? fc.oneof(fc.array(jsonObject(route.body.keys), { maxLength: 4 }), nastyJson)
        : fc.oneof({ weight: 4, arbitrary: jsonObject(route.body.keys) }, { weight: 1, arbitrary: nastyJson })
      : fc.constant(undefined),
    splice: splices,
  });
}


/** The URL of a fuzzed request. */
export function fuzzUrl(route: FuzzRoute, x: { params: Record<string, unknown>; query: Record<string, unknown>; extraQuery: string | null }): string {
  return `${fuzzPath(route.url, x.params as Record<string, string>)}${queryString(x.query as Record<string, string[]>, x.extraQuery)}`;
}

/** What a problem+json answer must be: its type, and a `status` and `detail` that match. */
export function isProblem(res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }): boolean {
  if (!String(res.headers['content-type']).startsWith('application/problem+json')) return false;
  try {
    const problem = res.json() as { status?: number; detail?: unknown };
    return problem.status === res.statusCode && typeof problem.detail === 'string';
  } catch {
    return false;
  }
}

/**
 * fast-check runs of `check` over `input`, from `seed` (FUZZ_SEED overrides), ending at the first
 * failure. A check that fails by returning false reports its input; the reasons are in
 * `failures`, so that report is dropped when there are some.
 */
export async function fuzzRuns<T>(input: fc.Arbitrary<T>, run: { runs: number; seed: number; failures: string[] }, check: (x: T) => Promise<boolean>): Promise<void> {
  await fc.assert(fc.asyncProperty(input, check), { numRuns: run.runs, seed: Number(process.env.FUZZ_SEED ?? run.seed), endOnFailure: true }).catch((err: unknown) => {
    if (run.failures.length === 0) throw err;
  });
}
