import { z } from 'zod';
import { placeOf } from './labels';
import { TEXT_WORDS, type TextWords } from './plain-words';

/**
 * The one text rule of every field a person types (DESIGN.md §3 "Text fields"), buyer and admin
 * alike. Text travels on into mails (a name is the greeting, the contact form's name and company
 * sit in the shop's inbox mail), order confirmations, the back office, CSV exports and PDFs, so:
 *
 * - single-line fields refuse control characters (C0 including TAB, CR and LF; DEL; C1), bidi
 *   embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), the line and paragraph
 *   separators U+2028/U+2029 and lone surrogates;
 * - multi-line fields refuse the same but for line feeds. A carriage return is normalised, not
 *   refused: CRLF and a lone CR become LF, as a browser's textarea submits them as CRLF;
 * - "required" means at least one visible character: whitespace, zero-width spaces and joiners,
 *   the BOM and other invisible format characters alone are empty;
 * - URL fields take http: and https: only.
 *
 * Values are trimmed first. A refusal is a 400 whose message names the field by its label
 * (contract/labels.ts), as the API's other messages name theirs.
 */

/** Controls that are never text, with the line feed (multi-line fields allow it). */
const CONTROLS_AND_LF = '\\u0000-\\u001F\\u007F-\\u009F';
const BIDI_AND_SEPARATORS = '\\u202A-\\u202E\\u2066-\\u2069\\u2028\\u2029';
const LONE_SURROGATE = '[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]';

const SINGLE_LINE_REFUSED = new RegExp(`[${CONTROLS_AND_LF}${BIDI_AND_SEPARATORS}]|${LONE_SURROGATE}`);
const MULTI_LINE_REFUSED = new RegExp(`[${CONTROLS_AND_LF.replace('\\u0000-\\u001F', '\\u0000-\\u0009\\u000B-\\u001F')}${BIDI_AND_SEPARATORS}]|${LONE_SURROGATE}`);

/**
 * A character that shows: not whitespace, not a control or format character (zero-width space,
 * ZWJ, ZWNJ, BOM, word joiner, soft hyphen, tags …), not a separator, and not one of the
 * fillers and selectors that render as nothing.
 */
const INVISIBLE_CLASS = /^[\s\p{Cc}\p{Cf}\p{Z}]$/u;
/** Marks, fillers and selectors that render as nothing on their own (kept out of a regex class: they combine). */
const INVISIBLE_OTHERS = new Set(['\u034F', '\u115F', '\u1160', '\u17B4', '\u17B5', '\u180B', '\u180C', '\u180D', '\u3164', '\uFFA0',
  ...Array.from({ length: 16 }, (_, k) => String.fromCharCode(0xfe00 + k))]);

/** A URL's scheme, when it has one (`mailto:`, `javascript:`, `https:` …). */
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;

/** The text rules' messages: sentences naming the field by its label (contract/labels.ts). */
export const TEXT_MESSAGES = TEXT_WORDS;

type Issue = { path?: PropertyKey[] };

/** The field's label, for messages that name it (the global one: the form's own is put in by `checkForm`). */
export function fieldName(issue: Issue): string {
  return placeOf(undefined, issue.path ?? []).label;
}

/** A rule's message, tagged with its words so a form that knows its own labels can say it with them. */
const named = (words: TextWords) => ({ error: (issue: Issue) => TEXT_MESSAGES[words](fieldName(issue)), params: { words } });

/** Text messages given by the caller (the spec's own, character for character) win over ours. */
export interface TextMessages {
  required?: string;
  tooLong?: string;
}

const tooLong = (messages: TextMessages) =>
  messages.tooLong ? { error: messages.tooLong } : named('tooLong');

/** True when the text holds a character that shows. */
export function hasVisibleCharacter(value: string): boolean {
  for (const ch of value) if (!INVISIBLE_CLASS.test(ch) && !INVISIBLE_OTHERS.has(ch)) return true;
  return false;
}

/** True for an absolute http: or https: URL (what a link may point at). */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** Text with no character that shows (zero-width spaces, joiners, the BOM …) is stored as empty. */
const emptyWhenInvisible = (v: string) => (hasVisibleCharacter(v) ? v : '');

/** Single-line text, trimmed, up to `max` characters; may be empty (and is, when nothing in it shows). */
export function singleLine(max: number, messages: TextMessages = {}) {
  return z
    .string()
    .trim()
    .overwrite(emptyWhenInvisible)
    .max(max, tooLong(messages))
    .refine((v) => !SINGLE_LINE_REFUSED.test(v), named('singleLine'));
}

/** Multi-line text: line feeds allowed, CR and CRLF normalised to LF, trimmed, up to `max` characters; empty when nothing in it shows. */
export function multiLine(max: number, messages: TextMessages = {}) {
  return z
    .string()
    .transform((v) => emptyWhenInvisible(v.replace(/\r\n?/g, '\n').trim()))
    .pipe(
      z
        .string()
        .max(max, tooLong(messages))
        .refine((v) => !MULTI_LINE_REFUSED.test(v), named('multiLine')),
    );
}

/**
 * Single-line text that must hold at least one visible character. `messages.required` is the
 * message for a missing, empty or invisible value (else "<field> is required").
 */
export function requiredSingleLine(max: number, messages: TextMessages = {}) {
  const required = messages.required ? { error: messages.required } : named('required');
  // Missing or not text: the spec's message when given, else the plain words' own ("… is required.", "… must be text.").
  return z
    .string(messages.required ? required : undefined)
    .trim()
    .refine(hasVisibleCharacter, required)
    .refine((v) => v.length <= max, tooLong(messages))
    .refine((v) => !SINGLE_LINE_REFUSED.test(v), named('singleLine'));
}

/** Multi-line text that must hold at least one visible character. */
export function requiredMultiLine(max: number, messages: TextMessages = {}) {
  const required = messages.required ? { error: messages.required } : named('required');
  // Missing or not text: the spec's message when given, else the plain words' own ("… is required.", "… must be text.").
  return z
    .string(messages.required ? required : undefined)
    .transform((v) => v.replace(/\r\n?/g, '\n').trim())
    .pipe(
      z
        .string()
        .refine(hasVisibleCharacter, required)
        .refine((v) => v.length <= max, tooLong(messages))
        .refine((v) => !MULTI_LINE_REFUSED.test(v), named('multiLine')),
    );
}

/**
 * An optional web address: empty, or an http: or https: URL. A bare host such as
 * `www.partyshop.example` (how people type one) gets `https://` in front; any other scheme
 * (`javascript:`, `data:`, `mailto:` …) is refused.
 */
export function httpUrl(max: number, messages: TextMessages = {}) {
  return singleLine(max, messages)
    .transform((v) => (v === '' || SCHEME.test(v) || v.startsWith('//') ? v : `https://${v}`))
    .refine((v) => v === '' || isHttpUrl(v), named('httpUrl'));
}
