const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** A moment as staff read it (their own time zone). */
export const atTime = (iso: string) => dateTime.format(new Date(iso));
/** A calendar date (invoice and due dates are dates, not moments). */
export const onDate = (isoDate: string) => dateOnly.format(new Date(isoDate.length === 10 ? `${isoDate}T00:00:00Z` : isoDate));

/** ISO moment → the value of an `<input type="datetime-local">` in the browser's time zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const local = new Date(d.getTime() - d.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** The input's local date and time → an ISO moment; empty → null. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : d.toISOString();
}
