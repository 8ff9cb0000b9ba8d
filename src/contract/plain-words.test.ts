import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { codeNamesIn } from './code-names';
import { placeOf } from './labels';
import { checkForm } from './plain-words';

/**
 * DESIGN.md §7: no message a person sees shows a code name. Every zod schema the contract exports
 * is fed wrong values for each of its fields (missing, the wrong type, out of range, too long, a
 * choice it does not offer), and every message of the answer must be a sentence with labels: no
 * camelCase or snake_case, no key that is not a word of its label, none of zod's own phrasing.
 */

const modules = import.meta.glob<Record<string, unknown>>(['./*.ts', './admin/*.ts', '!./*.test.ts', '!./admin/*.test.ts'], { eager: true });
const schemas = Object.entries(modules).flatMap(([file, m]) =>
  Object.entries(m).filter((e): e is [string, z.ZodType] => e[1] instanceof z.ZodType).map(([name, s]) => ({ name: `${file.replace(/^\.\//, '')} ${name}`, schema: s })),
);

type Def = { type: string; shape?: Record<string, z.ZodType>; innerType?: z.ZodType; in?: z.ZodType; element?: z.ZodType; valueType?: z.ZodType; options?: z.ZodType[]; left?: z.ZodType; right?: z.ZodType };
const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

/** The schemas a value may meet under `s`: through optional, default, pipes, unions and intersections. */
function layers(s: z.ZodType, seen = new Set<z.ZodType>()): z.ZodType[] {
  if (seen.has(s)) return [];
  seen.add(s);
  const d = defOf(s);
  return [s, ...[d.innerType, d.in, d.left, d.right, ...(d.options ?? [])].flatMap((x) => (x ? layers(x, seen) : []))];
}

const LONG = 'x'.repeat(20_001);
/** Wrong values for a field of this kind. */
function badValues(s: z.ZodType): unknown[] {
  const kinds = new Set(layers(s).map((l) => defOf(l).type));
  const out: unknown[] = [undefined, null, { nested: true }];
  if (kinds.has('string')) out.push(123, '', '   ', LONG, 'a\u0000b', 'not-an-email @ nowhere');
  if (kinds.has('number') || kinds.has('int')) out.push('ten', -1e12, 1e12, 0.5, -1, 1.234, Number.NaN);
  if (kinds.has('boolean')) out.push('yes', 2);
  if (kinds.has('array')) out.push('x', [], [null]);
  if (kinds.has('enum') || kinds.has('literal')) out.push('nope', 7);
  if (kinds.has('object') || kinds.has('record')) out.push('x', [], {});
  return out;
}

/** Field paths of a schema with their schema (list entries at 0), each once. */
function fields(schema: z.ZodType, at: (string | number)[] = [], seen = new Set<z.ZodType>()): { path: (string | number)[]; schema: z.ZodType }[] {
  const out: { path: (string | number)[]; schema: z.ZodType }[] = [];
  for (const l of layers(schema)) {
    if (seen.has(l) && l !== schema) continue;
    seen.add(l);
    const d = defOf(l);
    if (d.shape) for (const [k, v] of Object.entries(d.shape)) out.push({ path: [...at, k], schema: v }, ...fields(v, [...at, k], seen));
    if (d.type === 'array' && d.element) out.push({ path: [...at, 0], schema: d.element }, ...fields(d.element, [...at, 0], seen));
  }
  return out;
}

function keysOf(schema: z.ZodType): string[] {
  return [...new Set(fields(schema).flatMap((f) => f.path.filter((p): p is string => typeof p === 'string')))];
}

/** `value` put at `path` of `into` (objects and one-entry lists made on the way); answers the whole. */
function put(into: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (typeof head === 'number') {
    const list = Array.isArray(into) ? into : [];
    list[0] = put(list[0], rest, value);
    return list;
  }
  const obj = into !== null && typeof into === 'object' && !Array.isArray(into) ? (into as Record<string, unknown>) : {};
  obj[head!] = put(obj[head!], rest, value);
  return obj;
}

/**
 * Inputs that give every field each of its wrong values: one input per depth and per kind of
 * wrong value, with all the fields of that depth wrong at once (zod reports every field of an
 * object, so one parse covers them all).
 */
function wrongInputs(schema: z.ZodType): unknown[] {
  const inputs: unknown[] = [undefined, null, 'x', 42, [], {}];
  const byDepth = new Map<number, { path: (string | number)[]; values: unknown[] }[]>();
  for (const f of fields(schema)) {
    const list = byDepth.get(f.path.length) ?? byDepth.set(f.path.length, []).get(f.path.length)!;
    list.push({ path: f.path, values: badValues(f.schema) });
  }
  for (const list of byDepth.values()) {
    const most = Math.max(...list.map((f) => f.values.length));
    for (let i = 0; i < most; i++) {
      let input: unknown;
      for (const f of list) if (i < f.values.length) input = put(input, f.path, f.values[i]);
      inputs.push(input);
    }
  }
  return inputs;
}

const ZOD_PHRASES = /Invalid input|expected \w+, received|Too small|Too big|Unrecognized key|Invalid option|Invalid string|Invalid (email|url|UUID)/;

describe('every contract schema speaks in plain words', () => {
  it('finds the schemas', () => {
    expect(schemas.length).toBeGreaterThan(200);
  });

  it('no message names a field by its code name, for any wrong value of any field', () => {
    const problems = new Map<string, string>();
    for (const { name, schema } of schemas) {
      const keys = keysOf(schema);
      for (const input of wrongInputs(schema)) {
        let messages: string[];
        try {
          const checked = checkForm(schema, input);
          const raw = schema.safeParse(input);
          messages = [...checked.problems, ...Object.values(checked.fields), ...(raw.success ? [] : raw.error.issues.map((i) => i.message))];
        } catch {
          continue; // a transform that assumes a checked value: not a message
        }
        for (const m of messages) {
          const wrong = [...codeNamesIn(m, keys), ...(ZOD_PHRASES.test(m) ? ['zod phrasing'] : [])];
          if (wrong.length > 0) problems.set(`${name}: ${m}`, wrong.join(', '));
        }
      }
    }
    expect(Object.fromEntries(problems)).toEqual({});
  });

  it("no message a schema gives itself names a code name (the refinements across fields too, which run only on otherwise good values)", () => {
    const problems = new Map<string, string>();
    for (const { name, schema } of schemas) {
      const keys = keysOf(schema);
      const at: { path: (string | number)[]; schema: z.ZodType }[] = [{ path: [], schema }, ...fields(schema)];
      for (const { path, schema: field } of at) {
        for (const layer of layers(field)) {
          const def = (layer as unknown as { _zod: { def: { error?: unknown; checks?: { _zod: { def: { error?: unknown } } }[] } } })._zod.def;
          for (const error of [def.error, ...(def.checks ?? []).map((c) => c._zod.def.error)]) {
            if (typeof error !== 'function') continue;
            for (const code of ['custom', 'invalid_type', 'too_big', 'too_small', 'invalid_format']) {
              let m: unknown;
              try {
                m = error({ code, path, input: 'x', inst: layer, origin: 'string', expected: 'string', format: 'regex', minimum: 1, maximum: 1 });
              } catch {
                continue;
              }
              const message = typeof m === 'string' ? m : (m as { message?: string } | undefined)?.message;
              if (!message) continue;
              const wrong = codeNamesIn(message, keys);
              if (wrong.length > 0) problems.set(`${name}: ${message}`, wrong.join(', '));
            }
          }
        }
      }
    }
    expect(Object.fromEntries(problems)).toEqual({});
  });

  it('no message the contract keeps for the server and the apps names a code name', () => {
    const problems: string[] = [];
    const visit = (where: string, v: unknown) => {
      if (typeof v === 'string') {
        if (codeNamesIn(v).length > 0) problems.push(`${where}: ${v}`);
      } else if (typeof v === 'function') {
        const args = Array.from({ length: v.length }, (_, i) => (i === 0 ? '12345' : 2));
        try {
          visit(where, (v as (...a: unknown[]) => unknown)(...args));
        } catch {
          // a message that needs other arguments: its text is checked where it is used
        }
      } else if (v && typeof v === 'object' && !(v instanceof z.ZodType)) for (const [k, x] of Object.entries(v)) visit(`${where}.${k}`, x);
    };
    for (const [file, m] of Object.entries(modules)) for (const [name, v] of Object.entries(m)) if (/MESSAGES$|^(VALIDATION|ERRORS|SUCCESS)$/.test(name)) visit(`${file} ${name}`, v);
    expect(problems).toEqual([]);
  });

  it('every field of every request schema has a label', () => {
    const unlabelled: string[] = [];
    for (const { name, schema } of schemas.filter((s) => /(Body|Query|Params?|FormSchema|RequestSchema)$/.test(s.name))) {
      for (const f of fields(schema)) if (!placeOf(schema, f.path).known) unlabelled.push(`${name}: ${f.path.join('.')}`);
    }
    expect(unlabelled).toEqual([]);
  });

  it('words the usual mistakes as the brief shows them', () => {
    const form = z.object({ web_Title: z.string(), delta: z.number().int(), price: z.number().min(0), lines: z.array(z.object({ qty: z.number().int().min(1) })) });
    expect(checkForm(form, { delta: 1.5, price: -1, lines: [{ qty: 1 }, { qty: 0 }] }).problems).toEqual([
      'Title is required.',
      'Units to add or remove must be a whole number.',
      'Price must be at least 0.',
      'Quantity in row 2 of Lines must be at least 1.',
    ]);
  });
});
