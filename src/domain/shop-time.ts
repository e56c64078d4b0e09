// The shop is in Paris: every date it shows or writes (pages, mails, the back office) is Paris's,
// whatever the device says, and written the French way. Each format is made at its first use:
// a date format's first use loads the locale's data, which a page that shows no date need not pay for.

/** The shop's time zone. */
export const SHOP_TIME_ZONE = 'Europe/Paris';

const OPTIONS = {
  day: { dateStyle: 'long' },
  dayAndTime: { dateStyle: 'long', timeStyle: 'short' },
  weekdayAndTime: { dateStyle: 'full', timeStyle: 'short' },
  numeric: { dateStyle: 'short', timeStyle: 'short' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

const made: Partial<Record<keyof typeof OPTIONS, Intl.DateTimeFormat>> = {};

function write(format: keyof typeof OPTIONS, instant: Date): string {
  return (made[format] ??= new Intl.DateTimeFormat('fr-FR', { ...OPTIONS[format], timeZone: SHOP_TIME_ZONE })).format(instant);
}

/** '2026-11-23T10:00:00Z' -> « 23 novembre 2026 », in Paris. */
export const shopDay = (iso: string): string => write('day', new Date(iso));

/** « 12 novembre 2026 »: a Paris day (YYYY-MM-DD) as French write it. */
export const shopCalendarDay = (day: string): string => shopDay(`${day}T12:00:00Z`);

/** '2026-11-23T14:05:00Z' -> « 23 novembre 2026 à 15:05 », in Paris. */
export const shopDayAndTime = (iso: string): string => write('dayAndTime', new Date(iso));

/** « jeudi 26 novembre 2026 à 18:05 », in Paris: a date and time a mail must state in full. */
export const shopWeekdayAndTime = (iso: string): string => write('weekdayAndTime', new Date(iso));

/** « 22/11/2026 11:00 », in Paris; a stored date that cannot be read is shown as it is. */
export function shopNumericDateTime(iso: string): string {
  const instant = new Date(iso);
  return Number.isNaN(instant.getTime()) ? iso : write('numeric', instant);
}
