import { z } from 'zod';
import { type FieldPlace, humanize, placeOf } from './labels';

/**
 * Checks in plain words (DESIGN.md §7): every message a person sees is a sentence naming the field
 * by its label ("Title is required.", "Units to add or remove must be a whole number."), never by
 * its key and never zod's "Invalid input: expected number, received undefined".
 *
 * - `checkForm(schema, data)` parses with the form's own labels: the server's request validation
 *   and the admin forms use it, so both say the same sentence about the same field.
 * - Loading this module makes those sentences zod's default for any other parse too (with the
 *   global labels, as the form is not known there). Messages a schema gives itself (the spec's own
 *   texts) are kept as they are.
 */

/** The text rules' sentences (contract/text.ts); an issue tagged `params.words` gets them with its field's label. */
export const TEXT_WORDS = {
  singleLine: (field: string) => `${field} must not contain line breaks, tabs, control characters or direction overrides.`,
  multiLine: (field: string) => `${field} must not contain tabs, control characters or direction overrides.`,
  required: (field: string) => `${field} is required.`,
  tooLong: (field: string) => `${field} is too long.`,
  httpUrl: (field: string) => `${field} must be a web address starting with http:// or https://.`,
} as const;
export type TextWords = keyof typeof TEXT_WORDS;

/** The raw issue zod hands an error map (`input` is there, `inst` the schema that raised it). */
type RawIssue = z.core.$ZodRawIssue;

const count = (n: number | bigint) => (typeof n === 'bigint' ? n.toString() : Math.abs(n) >= 10_000 ? n.toLocaleString('en-US') : String(n));

/** An option of a choice in words: `partially_shipped` → "partially shipped", `onHand` → "on hand". */
const optionWords = (v: unknown) => (typeof v === 'string' ? (v === '' ? 'empty' : humanize(v).toLowerCase()) : String(v));

function choice(values: readonly unknown[]): string {
  const words = values.map(optionWords);
  if (words.length === 1) return words[0]!;
  if (words.length <= 8) return `one of ${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;
  return 'one of the choices offered';
}

/** The subject of the sentence: the field, and the row of the list it is in ("Quantity in row 2 of Lines"). */
function subjectOf(place: FieldPlace): string {
  const row = place.rows[place.rows.length - 1];
  return row ? `${place.label} in row ${row.n} of ${row.list}` : place.label;
}

const TYPE_WORDS: Record<string, string> = {
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  string: 'text',
  boolean: 'yes or no',
  array: 'a list',
  date: 'a date',
};

type Checked = { _zod?: { def?: { checks?: { _zod?: { def?: { format?: string } } }[] } } };
/** True when the number schema that raised the issue takes whole numbers only (`.int()`). */
const wantsWholeNumber = (iss: unknown) => ((iss as { inst?: Checked }).inst?._zod?.def?.checks ?? []).some((c) => /int/.test(c._zod?.def?.format ?? ''));

/** One issue as a sentence about `subject`. */
function sentence(iss: RawIssue | z.core.$ZodIssue, subject: string, atRoot: boolean): string {
  const words = (iss as { params?: { words?: TextWords } }).params?.words;
  if (words && words in TEXT_WORDS) return TEXT_WORDS[words](subject);
  const input = (iss as { input?: unknown }).input;
  switch (iss.code) {
    case 'invalid_type':
      if (atRoot) return 'Nothing was sent: fill in the form and send it again.';
      if (input === undefined || input === null) return `${subject} is required.`;
      if (iss.expected === 'object') return `${subject} is not filled in the right way.`;
      // Text where a whole number belongs is told so, not just "a number".
      if (iss.expected === 'number' && wantsWholeNumber(iss)) return `${subject} must be a whole number.`;
      return `${subject} must be ${TYPE_WORDS[iss.expected] ?? 'filled in the right way'}.`;
    case 'too_small': {
      const n = count(iss.minimum as number | bigint);
      if (iss.origin === 'string') return Number(iss.minimum) <= 1 ? `${subject} is required.` : `${subject} must be at least ${n} characters long.`;
      if (iss.origin === 'array' || iss.origin === 'set') return Number(iss.minimum) <= 1 ? `${subject} needs at least one entry.` : `${subject} needs at least ${n} entries.`;
      if (iss.origin === 'date') return `${subject} must be on or after ${String(iss.minimum)}.`;
      return iss.inclusive === false ? `${subject} must be more than ${n}.` : `${subject} must be at least ${n}.`;
    }
    case 'too_big': {
      const n = count(iss.maximum as number | bigint);
      if (iss.origin === 'string') return `${subject} must be at most ${n} characters long.`;
      if (iss.origin === 'array' || iss.origin === 'set') return `${subject} can have at most ${n} ${Number(iss.maximum) === 1 ? 'entry' : 'entries'}.`;
      if (iss.origin === 'date') return `${subject} must be on or before ${String(iss.maximum)}.`;
      return iss.inclusive === false ? `${subject} must be less than ${n}.` : `${subject} must be at most ${n}.`;
    }
    case 'invalid_format':
      if (iss.format === 'email') return `${subject} must be an email address.`;
      if (iss.format === 'url') return `${subject} must be a web address.`;
      if (iss.format === 'datetime') return `${subject} must be a date and time.`;
      if (iss.format === 'date') return `${subject} must be a date (YYYY-MM-DD).`;
      return `${subject} is not in the right form.`;
    case 'not_multiple_of':
      return Number(iss.divisor) === 0.01 ? `${subject} must be in whole cents.` : `${subject} must be a multiple of ${count(iss.divisor as number)}.`;
    case 'invalid_value':
      return `${subject} must be ${choice(iss.values)}.`;
    case 'unrecognized_keys':
      return iss.keys.length === 1 ? `${subject} has a field it does not take.` : `${subject} has ${iss.keys.length} fields it does not take.`;
    case 'invalid_key':
    case 'invalid_element':
      return `${subject} has an entry that is not valid.`;
    default:
      return `${subject} is not valid.`;
  }
}

/** A zod error map that words an issue about a field of `root` (its own labels first). */
export function plainError(root?: z.ZodType): (iss: RawIssue) => string {
  return (iss) => {
    const path = iss.path ?? [];
    return sentence(iss, subjectOf(placeOf(root, path)), path.length === 0);
  };
}

// Any parse that does not know its form still speaks in words, with the global labels.
z.config({ customError: plainError() });

/** The messages of a failed parse of `root`: the text rules' sentences get the form's own labels. */
export function plainIssues(root: z.ZodType | undefined, issues: readonly z.core.$ZodIssue[]): { path: PropertyKey[]; message: string }[] {
  return issues.map((iss) => {
    const words = (iss as { params?: { words?: TextWords } }).params?.words;
    return { path: [...iss.path], message: words ? sentence(iss, subjectOf(placeOf(root, iss.path)), false) : iss.message };
  });
}

export type FormCheck<T> =
  | { success: true; data: T; problems: []; fields: Record<string, never> }
  | { success: false; data: undefined; problems: string[]; fields: Record<string, string> };

/**
 * Parses `data` with `schema`, in words: `problems` are the sentences (each once, in order),
 * `fields` the first sentence of each field by its path (`price`, `lines.0.qty`).
 */
export function checkForm<S extends z.ZodType>(schema: S, data: unknown): FormCheck<z.output<S>> {
  const parsed = schema.safeParse(data, { error: plainError(schema) });
  if (parsed.success) return { success: true, data: parsed.data, problems: [], fields: {} };
  return { success: false, data: undefined, ...wordsOf(plainIssues(schema, parsed.error.issues)) };
}

/** Sentences and per-field sentences of worded issues. */
export function wordsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): { problems: string[]; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  for (const { path, message } of issues) {
    const key = path.map(String).join('.');
    if (key !== '' && !(key in fields)) fields[key] = message;
  }
  return { problems: [...new Set(issues.map((i) => i.message))], fields };
}

/** The sentences of a failed parse (for screens that already parsed): `problemsOf(schema, parsed.error)`. */
export const problemsOf = (schema: z.ZodType | undefined, error: z.ZodError | undefined): string[] => (error ? wordsOf(plainIssues(schema, error.issues)).problems : []);
