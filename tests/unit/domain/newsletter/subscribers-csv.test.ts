import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { Subscriber } from '@/domain/newsletter/subscriber';
import { csvCell, spreadsheetDateTime, subscribersCsv, subscribersCsvFileName } from '@/domain/newsletter/subscribers-csv';

function subscriber(email: string, subscribedAt: string, isActive = true): Subscriber {
  return { id: email, email, subscribedAt, isActive, confirmationSent: true, unsubscribeToken: `jeton-${email}` };
}

const LEA = subscriber('lea@exemple.fr', '2026-11-22T10:00:00.000Z');
const MARC = subscriber('marc@exemple.fr', '2026-07-14T21:30:05.000Z', false);

/** The file as its lines, without the BOM and the last CRLF. */
const lines = (csv: string) => csv.slice(1).replace(/\r\n$/, '').split('\r\n');

describe('subscribers CSV, as French spreadsheets open it', () => {
  it('starts with the UTF-8 byte order mark, so Excel reads « é » as UTF-8', () => {
    const csv = subscribersCsv([LEA]);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect([...new TextEncoder().encode(csv).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('has the French header « Adresse email;Date d’inscription;Statut » as its first line', () => {
    expect(lines(subscribersCsv([]))).toEqual(['Adresse email;Date d’inscription;Statut']);
  });

  it('separates cells with « ; » and ends every line, the last one too, with CRLF', () => {
    const csv = subscribersCsv([LEA, MARC]);
    expect(csv).toBe(
      '\uFEFFAdresse email;Date d’inscription;Statut\r\n' +
        'lea@exemple.fr;2026-11-22 11:00:00;Actif\r\n' +
        'marc@exemple.fr;2026-07-14 23:30:05;Désabonné\r\n',
    );
    expect(csv.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
  });

  it('writes dates as AAAA-MM-JJ HH:MM:SS in Paris time, winter and summer alike', () => {
    expect(spreadsheetDateTime('2026-01-05T08:07:06.000Z')).toBe('2026-01-05 09:07:06');
    expect(spreadsheetDateTime('2026-07-14T21:30:05.000Z')).toBe('2026-07-14 23:30:05');
    // Past midnight in Paris is already the next day.
    expect(spreadsheetDateTime('2026-12-31T23:30:00.000Z')).toBe('2027-01-01 00:30:00');
  });

  it('writes a stored date it cannot read as it is, rather than « Invalid Date »', () => {
    expect(spreadsheetDateTime('hier')).toBe('hier');
  });

  it('lists the newest subscription first', () => {
    const older = subscriber('ancien@exemple.fr', '2025-03-01T10:00:00.000Z');
    const rows = lines(subscribersCsv([older, MARC, LEA])).slice(1);
    expect(rows.map((row) => row.split(';')[0])).toEqual(['lea@exemple.fr', 'marc@exemple.fr', 'ancien@exemple.fr']);
  });

  it('quotes a value holding « ; », « " » or a line break, and doubles its quotes', () => {
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('dit "bonjour"')).toBe('"dit ""bonjour"""');
    expect(csvCell('deux\nlignes')).toBe('"deux\nlignes"');
    expect(csvCell('deux\r\nlignes')).toBe('"deux\r\nlignes"');
    expect(csvCell('lea@exemple.fr')).toBe('lea@exemple.fr');
  });

  it('defuses formula injection: a value starting with = + - @ gets an apostrophe in front', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell('+33 1 23')).toBe("'+33 1 23");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    // Inside a value these characters are harmless.
    expect(csvCell('lea+promo@exemple.fr')).toBe('lea+promo@exemple.fr');
  });

  it('names the file abonnes-newsletter-AAAA-MM-JJ.csv after the day of the export in Paris', () => {
    expect(subscribersCsvFileName(Date.parse('2026-11-22T10:00:00.000Z'))).toBe('abonnes-newsletter-2026-11-22.csv');
    expect(subscribersCsvFileName(Date.parse('2026-11-22T23:30:00.000Z'))).toBe('abonnes-newsletter-2026-11-23.csv');
  });

  it('reads back, with an independent CSV parser, as the rows it was made from', () => {
    const tricky = subscriber('=1+1;"x"@exemple.fr', '2026-11-23T12:00:00.000Z');
    const csv = subscribersCsv([LEA, MARC, tricky]);
    const records = parse(csv, { bom: true, delimiter: ';', record_delimiter: '\r\n' }) as string[][];
    expect(records).toEqual([
      ['Adresse email', 'Date d’inscription', 'Statut'],
      ['\'=1+1;"x"@exemple.fr', '2026-11-23 13:00:00', 'Actif'],
      ['lea@exemple.fr', '2026-11-22 11:00:00', 'Actif'],
      ['marc@exemple.fr', '2026-07-14 23:30:05', 'Désabonné'],
    ]);
  });
});
