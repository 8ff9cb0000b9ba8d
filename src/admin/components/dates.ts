const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** A moment as staff read it (their own time zone). */
export const atTime = (iso: string) => dateTime.format(new Date(iso));
/** A calendar date (invoice and due dates are dates, not moments). */
export const onDate = (isoDate: string) => dateOnly.format(new Date(isoDate.length === 10 ? `${isoDate}T00:00:00Z` : isoDate));
