import { describe, expect, it } from 'vitest';
import { checkConfig, DEMO_ADMIN, readConfig } from '@/app/read-config';
import { unsubscribeUrl } from '@/domain/newsletter/newsletter-mails';

// VITE_SITE_URL: the shop's public address, which every link of a mail starts with (the edge
// functions take the same value as SITE_URL). Unset: the address the page is served from.
describe('VITE_SITE_URL', () => {
  it('is unset by default: the shop then links to the address it is served from', () => {
    expect(checkConfig({}).siteUrl).toBeNull();
    expect(readConfig({}, DEMO_ADMIN).siteUrl).toBeNull();
  });

  it.each([
    ['https://boutique.example', 'https://boutique.example'],
    ['https://boutique.example/', 'https://boutique.example'],
    [' https://exemple.fr/boutique/ ', 'https://exemple.fr/boutique'],
    ['http://localhost:4173', 'http://localhost:4173'],
  ])('%j is read as %j, and the browser makes the same links from it', (value, expected) => {
    // A public address needs an account of its own (tests/unit/scripts/demo-account-refusal.test.ts).
    const account = { VITE_ADMIN_EMAIL: 'gerant@exemple.fr', VITE_ADMIN_PASSWORD_HASH: 'pbkdf2-sha256$1$a$b' };
    expect(checkConfig({ VITE_SITE_URL: value, ...account }).siteUrl).toBe(expected);
    expect(unsubscribeUrl(readConfig({ VITE_SITE_URL: value }, DEMO_ADMIN).siteUrl!, 'abc')).toBe(`${expected}/newsletter/desinscription?token=abc`);
  });

  it.each([
    'boutique.example',
    'ftp://boutique.example',
    'https://boutique.example/?a=1',
    'https://boutique.example/#x',
    'https://moi:secret@boutique.example',
  ])('refuses %j at build time, naming the variable and the README section', (value) => {
    expect(() => checkConfig({ VITE_SITE_URL: value })).toThrow('VITE_SITE_URL');
    expect(() => checkConfig({ VITE_SITE_URL: value })).toThrow('README, section «\u202fConfiguration\u202f»');
  });
});

// Checked by the build alone (the browser reads the values the build accepted).
describe('VITE_ADMIN_EMAIL and VITE_ADMIN_PASSWORD_HASH', () => {
  it.each([{ VITE_ADMIN_EMAIL: 'gerant@exemple.fr' }, { VITE_ADMIN_PASSWORD_HASH: 'pbkdf2-sha256$1$a$b' }])(
    'one without the other stops the build: %j',
    (env) => {
      expect(() => checkConfig(env)).toThrow('Set both VITE_ADMIN_EMAIL and VITE_ADMIN_PASSWORD_HASH');
    },
  );

  it('both set replace the demo account; neither keeps it', () => {
    const env = { VITE_ADMIN_EMAIL: 'gerant@exemple.fr', VITE_ADMIN_PASSWORD_HASH: 'pbkdf2-sha256$1$a$b' };
    expect(checkConfig(env).admin).toEqual({ email: 'gerant@exemple.fr', passwordHash: 'pbkdf2-sha256$1$a$b' });
    expect(checkConfig({}).admin.email).toBe('admin@boutique.example');
  });
});
