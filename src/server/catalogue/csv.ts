/**
 * An RFC 4180 CSV reader: comma-separated fields, CRLF or LF line ends, double-quoted fields that
 * may hold commas, line breaks and "" for a quote. It is lenient in one place, on purpose: a quote
 * inside an unquoted field is kept as a character, because buyers type sizes as 11" by hand.
 */

export interface CsvRecord {
  /** The line the record starts on, counting from 1 (a quoted field may span lines). */
  line: number;
  fields: string[];
}

export interface CsvParseResult {
  records: CsvRecord[];
  /** `line N: reason` for text that is not valid CSV. */
  errors: string[];
}

export function parseCsv(text: string): CsvParseResult {
  const errors: string[] = [];
  return { records: [...csvRecords(text, errors)], errors };
}

const QUOTE = 34;
const COMMA = 44;
const LF = 10;
const CR = 13;
const endsField = (c: number) => c === COMMA || c === LF || c === CR;

function countLines(s: string): number {
  let n = 0;
  for (let at = s.indexOf('\n'); at !== -1; at = s.indexOf('\n', at + 1)) n++;
  return n;
}

/**
 * The records one at a time (a 50 MB file is read in slices, not characters), with the problems
 * pushed to `errors`. A record with a broken field is left out; an unclosed quote ends the file.
 */
export function* csvRecords(text: string, errors: string[]): Generator<CsvRecord> {
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const n = src.length;
  let i = 0;
  let line = 1;
  while (i < n) {
    const recordLine = line;
    const fields: string[] = [];
    let bad = false;
    for (;;) {
      let field: string;
      if (src.charCodeAt(i) === QUOTE) {
        // A quoted field: read to the closing quote, unescaping "".
        const startLine = line;
        let from = i + 1;
        let closed = false;
        field = '';
        for (let q = src.indexOf('"', from); q !== -1; q = src.indexOf('"', from)) {
          field += src.slice(from, q);
          if (src.charCodeAt(q + 1) === QUOTE) {
            field += '"';
            from = q + 2;
            continue;
          }
          from = q + 1;
          closed = true;
          break;
        }
        if (!closed) {
          errors.push(`line ${startLine}: a quoted field is never closed`);
          return;
        }
        line += countLines(field);
        i = from;
        if (i < n && !endsField(src.charCodeAt(i))) {
          if (!bad) errors.push(`line ${line}: unexpected text after a closing quote (quote the whole field and double any quotes inside it)`);
          bad = true;
          while (i < n && !endsField(src.charCodeAt(i))) i++;
        }
      } else {
        let end = i;
        while (end < n && !endsField(src.charCodeAt(end))) end++;
        field = src.slice(i, end);
        i = end;
      }
      fields.push(field);
      if (i >= n) break;
      const c = src.charCodeAt(i);
      if (c === COMMA) {
        i++;
        continue;
      }
      i += c === CR && src.charCodeAt(i + 1) === LF ? 2 : 1;
      line++;
      break;
    }
    // A blank line (one empty field) is not a record: trailing newlines are common.
    if (!bad && !(fields.length === 1 && fields[0] === '')) yield { line: recordLine, fields };
  }
}
