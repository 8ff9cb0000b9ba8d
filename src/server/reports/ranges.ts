import { REPORTS } from '../../contract/admin/reports';

/** Date arithmetic on ISO days (UTC), pure: the reports' ranges, buckets and the summaries a range reads. */

const DAY = 86_400_000;
const ms = (day: string) => Date.parse(`${day}T00:00:00Z`);
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);

export function addDays(day: string, n: number): string {
  return iso(ms(day) + n * DAY);
}

export interface Range {
  from: string;
  to: string;
}

/** The query's range: `to` defaults to today, `from` to the 30 days up to `to`. */
export function resolveRange(query: { from?: string; to?: string }, today: string): Range {
  const to = query.to ?? today;
  return { from: query.from ?? addDays(to, -(REPORTS.defaultDays - 1)), to };
}

/** The same number of days just before `range` (what sales compare with). */
export function previousRange(range: Range): Range {
  const days = Math.round((ms(range.to) - ms(range.from)) / DAY) + 1;
  return { from: addDays(range.from, -days), to: addDays(range.from, -1) };
}

const lastOfMonth = (month: string) => addDays(`${nextMonth(month)}-01`, -1);
function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}
function previousMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

/**
 * Which summary rows cover `range`: its whole months from the monthly table, the days at its
 * edges from the daily one (a year reads 12 months and at most ~60 days, not 365).
 */
export function splitRange(range: Range): { days: Range[]; months: { from: string; to: string } | null } {
  const first = range.from.endsWith('-01') ? range.from.slice(0, 7) : nextMonth(range.from.slice(0, 7));
  const last = lastOfMonth(range.to.slice(0, 7)) === range.to ? range.to.slice(0, 7) : previousMonth(range.to.slice(0, 7));
  if (first > last) return { days: [range], months: null };
  const days: Range[] = [];
  if (range.from < `${first}-01`) days.push({ from: range.from, to: addDays(`${first}-01`, -1) });
  if (range.to > lastOfMonth(last)) days.push({ from: addDays(lastOfMonth(last), 1), to: range.to });
  return { days, months: { from: first, to: last } };
}

/** The report's rows for sales: days, ISO weeks (Monday first) or calendar months, each clipped to the range. */
export function buckets(range: Range, by: 'day' | 'week' | 'month'): Range[] {
  const out: Range[] = [];
  for (let start = range.from; start <= range.to; ) {
    let end: string;
    if (by === 'day') end = start;
    else if (by === 'week') end = addDays(start, (7 - new Date(ms(start)).getUTCDay()) % 7);
    else end = lastOfMonth(start.slice(0, 7));
    if (end > range.to) end = range.to;
    out.push({ from: start, to: end });
    start = addDays(end, 1);
  }
  return out;
}
