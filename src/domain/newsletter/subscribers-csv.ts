import { SHOP_TIME_ZONE } from '../shop-time';
import { shopDateParts, newestFirst } from './subscriber-list';
import type { Subscriber } from './subscriber';

// The subscriber list as a file that a French spreadsheet (Excel, LibreOffice Calc) opens in
// columns at a double click: UTF-8 announced by a BOM (else Excel reads it as Windows-1252 and
// mangles « é »), `;` between cells (the French list separator: `,` is the decimal comma), CRLF
// line ends (RFC 4180), and each cell quoted only when it must be.

const CSV_BOM = '\uFEFF';
const CSV_SEPARATOR = ';';
const CSV_LINE_END = '\r\n';
const SUBSCRIBERS_CSV_HEADER = ['Adresse email', 'Date d’inscription', 'Statut'] as const;
export const SUBSCRIBER_STATUS = { active: 'Actif', inactive: 'Désabonné' } as const;

// OWASP « CSV injection »: a cell starting with one of these is run as a formula by spreadsheets.
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[;"\r\n]/;

/**
 * One cell: a value a spreadsheet would run as a formula gets an apostrophe in front (shown as
 * text, never evaluated); a value holding the separator, a quote or a line break is quoted, its
 * quotes doubled.
 */
export function csvCell(value: string): string {
  const defused = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(defused) ? `"${defused.replaceAll('"', '""')}"` : defused;
}

/**
 * `AAAA-MM-JJ HH:MM:SS` in the shop's time zone: the ISO 8601 form that Excel and Calc, in a
 * French locale as in any other, read as a date and time (a sortable cell, not text). A stored
 * date that cannot be read is written as it is.
 */
export function spreadsheetDateTime(iso: string, timeZone = SHOP_TIME_ZONE): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return iso;
  const { year, month, day, hour, minute, second } = shopDateParts(instant, timeZone);
  return `${year}-${month}-${day} ${hour}:${minute}:${second}`;
}

/** The whole file, newest subscription first, header line included, every line ended by CRLF. */
export function subscribersCsv(subscribers: readonly Subscriber[], timeZone = SHOP_TIME_ZONE): string {
  const rows = newestFirst(subscribers).map((s) => [
    s.email,
    spreadsheetDateTime(s.subscribedAt, timeZone),
    s.isActive ? SUBSCRIBER_STATUS.active : SUBSCRIBER_STATUS.inactive,
  ]);
  const lines = [[...SUBSCRIBERS_CSV_HEADER], ...rows].map((cells) => cells.map(csvCell).join(CSV_SEPARATOR));
  return CSV_BOM + lines.map((line) => line + CSV_LINE_END).join('');
}

/** `abonnes-newsletter-AAAA-MM-JJ.csv`, the day of the export in the shop's time zone. */
export function subscribersCsvFileName(now: number, timeZone = SHOP_TIME_ZONE): string {
  const { year, month, day } = shopDateParts(new Date(now), timeZone);
  return `abonnes-newsletter-${year}-${month}-${day}.csv`;
}
