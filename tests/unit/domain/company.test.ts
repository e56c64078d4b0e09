import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMPANY, returnAddress } from '@/domain/company';
import { normalizePostalCode, zoneOf } from '@/domain/order/postal-code';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const digits = (text: string) => text.replace(/\D/g, '');

/** The Luhn check INSEE's numbers pass: from the right, every second digit doubled (less 9 above 9), the sum a multiple of 10. */
function passesLuhn(number: string): boolean {
  const sum = [...number].reverse().reduce((total, digit, index) => {
    const value = Number(digit) * (index % 2 === 1 ? 2 : 1);
    return total + (value > 9 ? value - 9 : value);
  }, 0);
  return sum % 10 === 0;
}

/** Every text of a value, however deep. */
const textsOf = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : typeof value === 'object' && value !== null ? Object.values(value).flatMap(textsOf) : [];

const filesUnder = (folder: string, ending: RegExp): string[] =>
  readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => ending.test(file))
    .map((file) => join(folder, file));

const PLACEHOLDER = /Démoville|(?<!\d)00000(?!\d)|000 000 000/;

describe('the company’s details: plausible demonstration values, one source', () => {
  it('a SIREN and a SIRET that pass the Luhn check, the SIRET starting with the SIREN', () => {
    expect(digits(COMPANY.siren)).toMatch(/^\d{9}$/);
    expect(passesLuhn(digits(COMPANY.siren))).toBe(true);
    expect(digits(COMPANY.siret)).toMatch(new RegExp(`^${digits(COMPANY.siren)}\\d{5}$`));
    expect(passesLuhn(digits(COMPANY.siret))).toBe(true);
    expect(passesLuhn('912345676')).toBe(false);
  });

  it('the VAT number is FR, the key (12 + 3 × (SIREN mod 97)) mod 97, then the SIREN; the registry names the SIREN', () => {
    const siren = Number(digits(COMPANY.siren));
    const key = String((12 + 3 * (siren % 97)) % 97).padStart(2, '0');
    expect(COMPANY.vatNumber.replace(/\s/g, '')).toBe(`FR${key}${digits(COMPANY.siren)}`);
    expect(digits(COMPANY.registry)).toBe(digits(COMPANY.siren));
  });

  it('the head office, where orders are collected and goods returned, has a postal code the checkout accepts', () => {
    const code = normalizePostalCode(/\b(\d{5})\b/.exec(COMPANY.address)![1]!);
    expect(zoneOf(code!)?.name).toBe('France métropolitaine');
    expect(returnAddress()).toContain(COMPANY.address);
  });

  it('no value, page or mail says a placeholder (« 00000 », « Démoville », « 000 000 000 »)', () => {
    expect(textsOf(COMPANY).filter((text) => PLACEHOLDER.test(text))).toEqual([]);
    const sources = [
      ...filesUnder('src/ui', /\.tsx?$/),
      ...filesUnder('src/domain', /(mail|acknowledgement|company)[\w-]*\.ts$/),
      ...filesUnder('supabase/functions', /\.ts$/),
    ];
    expect(sources.length).toBeGreaterThan(50);
    expect(sources.filter((file) => PLACEHOLDER.test(readFileSync(join(ROOT, file), 'utf8')))).toEqual([]);
  });
});
