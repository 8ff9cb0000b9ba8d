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
  const records: CsvRecord[] = [];
  const errors: string[] = [];
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let line = 1;
  let recordLine = 1;
  let fields: string[] = [];
  let field = '';
  let i = 0;
  let badRecord = false;

  const endRecord = () => {
    fields.push(field);
    // A blank line (one empty field) is not a record: trailing newlines are common.
    if (!badRecord && !(fields.length === 1 && fields[0] === '')) records.push({ line: recordLine, fields });
    fields = [];
    field = '';
    badRecord = false;
  };

  while (i < src.length) {
    const ch = src[i]!;
    if (ch === '"' && field === '') {
      // A quoted field: read to the closing quote, unescaping "".
      const startLine = line;
      i++;
      let closed = false;
      while (i < src.length) {
        const c = src[i]!;
        if (c === '"') {
          if (src[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          closed = true;
          i++;
          break;
        }
        if (c === '\n') line++;
        field += c;
        i++;
      }
      if (!closed) {
        errors.push(`line ${startLine}: a quoted field is never closed`);
        return { records, errors };
      }
      const next = src[i];
      if (next !== undefined && next !== ',' && next !== '\n' && next !== '\r') {
        if (!badRecord) errors.push(`line ${line}: unexpected text after a closing quote (quote the whole field and double any quotes inside it)`);
        badRecord = true;
        while (i < src.length && src[i] !== ',' && src[i] !== '\n' && src[i] !== '\r') i++;
      }
      continue;
    }
    if (ch === ',') {
      fields.push(field);
      field = '';
      i++;
      continue;
    }
    if (ch === '\r' || ch === '\n') {
      endRecord();
      i += ch === '\r' && src[i + 1] === '\n' ? 2 : 1;
      line++;
      recordLine = line;
      continue;
    }
    field += ch;
    i++;
  }
  if (field !== '' || fields.length > 0) endRecord();
  return { records, errors };
}
