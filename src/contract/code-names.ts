/** Keys that are all lower case but still no word a person uses: abbreviations and run-together names. */
const LOWER_CASE_CODE_NAMES = new Set(['num', 'nums', 'qty', 'q', 'id', 'alt', 'poscat', 'nvcatnum', 'searchtext', 'shiptocode', 'masterid', 'cursor', 'slug', 'username', 'srp', 'upc', 'csv']);

/**
 * The code names in a message a person would see (the words tests of DESIGN.md §7 use it):
 * camelCase (`setTo`, `invNum`), snake_case and `web_`-style keys, anything in backticks, and
 * those of `keys` that are abbreviations or run-together names (`qty`, `poscat`), written as
 * the key (an "SRP" or "UPC" in capitals is the label).
 */
export function codeNamesIn(message: string, keys: readonly string[] = []): string[] {
  const found = new Set<string>();
  for (const m of message.matchAll(/`[^`]+`/g)) found.add(m[0]);
  // Web and mail addresses, and paths, are what they are.
  const words = message.replace(/\b(?:https?:\/\/|\/beapi\/)\S*/g, ' ').replace(/\S+@\S+/g, ' ');
  for (const m of words.matchAll(/\b[a-z]+[A-Z][A-Za-z0-9]*\b/g)) found.add(m[0]);
  for (const m of words.matchAll(/\b[A-Za-z0-9]+_[A-Za-z0-9_]*\b/g)) found.add(m[0]);
  for (const key of keys) {
    if (!LOWER_CASE_CODE_NAMES.has(key)) continue;
    if (new RegExp(`(^|[^A-Za-z0-9_])${key}($|[^A-Za-z0-9_])`).test(words)) found.add(key);
  }
  return [...found];
}
