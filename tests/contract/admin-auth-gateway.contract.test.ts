import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadEnv } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';
import { LocalAdminAuthGateway } from '../../src/adapters/local-admin-auth/local-admin-auth-gateway';
import { hashPassword } from '../../src/adapters/local-admin-auth/password-hash';
import { DEMO_ADMIN } from '../../src/app/config';
import type { AdminAuthGateway } from '../../src/ports/admin-auth-gateway';
import type { Logger } from '../../src/ports/logger';
import { RecordingLogger } from '../fakes/recording-logger';

const SCRIPT = fileURLToPath(new URL('../../scripts/admin-hash.mjs', import.meta.url));
const HASH_FORMAT = /^pbkdf2-sha256\$600000\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/;

const EMAIL = 'gerante@boutique.example';
const PASSWORD = 'Théière-en-fonte-2026!';

interface Adapter {
  name: string;
  make(config: { email: string; passwordHash: string }, logger: Logger): AdminAuthGateway;
}

const adapters: Adapter[] = [
  { name: 'LocalAdminAuthGateway', make: (config, logger) => new LocalAdminAuthGateway(config, logger) },
];

/** Runs `npm run admin:hash` as a user would, minus npm. */
function runScript(args: string[], input?: string): { hash: string; envFile: string } {
  const output = execFileSync(process.execPath, [SCRIPT, ...args], {
    encoding: 'utf8',
    input,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const lines = output.split('\n');
  const hash = lines.find((line) => line.startsWith('pbkdf2-sha256$'));
  const envLines = lines.filter((line) => line.startsWith('VITE_'));
  if (!hash || envLines.length !== 2) throw new Error(`unexpected output:\n${output}`);
  return { hash, envFile: envLines.join('\n') + '\n' };
}

/** What Vite makes of those lines in .env.local (it expands `$NAME`, so escaping matters). */
function loadEnvFile(envFile: string): Record<string, string> {
  const dir = mkdtempSync(join(tmpdir(), 'admin-hash-'));
  try {
    writeFileSync(join(dir, '.env.local'), envFile);
    return loadEnv('production', dir, 'VITE_ADMIN_');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe.each(adapters)('AdminAuthGateway contract: $name', ({ make }) => {
  let gateway: AdminAuthGateway;
  beforeAll(async () => {
    gateway = make({ email: EMAIL, passwordHash: await hashPassword(PASSWORD) }, new RecordingLogger());
  });

  it('accepts the configured pair and answers with the configured email', async () => {
    await expect(gateway.authenticate(EMAIL, PASSWORD)).resolves.toEqual({ email: EMAIL });
  });

  it('accepts the email in another case and with surrounding spaces', async () => {
    await expect(gateway.authenticate('  Gerante@BOUTIQUE.example ', PASSWORD)).resolves.toEqual({ email: EMAIL });
  });

  it('refuses a wrong password, even one differing only by case or a trailing space', async () => {
    for (const password of ['pas-le-bon', PASSWORD.toLowerCase(), `${PASSWORD} `, '']) {
      await expect(gateway.authenticate(EMAIL, password)).resolves.toBeNull();
    }
  });

  it('refuses a wrong email with the right password', async () => {
    await expect(gateway.authenticate('admin@boutique.example', PASSWORD)).resolves.toBeNull();
  });

  it.each([
    ['an empty string', ''],
    ['a plain password', PASSWORD],
    ['another scheme', 'bcrypt$600000$XmHtaXA1Zet/uMOZoH8TDg==$dOBkbeFGkWFFXrGbzoNmFqpNFe0H98IX59OFLSuXJKA='],
    ['a missing part', 'pbkdf2-sha256$600000$dOBkbeFGkWFFXrGbzoNmFqpNFe0H98IX59OFLSuXJKA='],
    ['iterations that are not a number', 'pbkdf2-sha256$beaucoup$XmHtaXA1Zet/uMOZoH8TDg==$dOBkbeFGkWFFXrGbzoNmFqpNFe0H98IX59OFLSuXJKA='],
    ['a salt that is not base64', 'pbkdf2-sha256$600000$pas*du*base64!$dOBkbeFGkWFFXrGbzoNmFqpNFe0H98IX59OFLSuXJKA='],
    ['a truncated hash', 'pbkdf2-sha256$600000$XmHtaXA1Zet/uMOZoH8TDg==$dOBkbeFGkWFFXrGb'],
  ])('never matches a malformed configured hash (%s), and logs why', async (_label, passwordHash) => {
    const logger = new RecordingLogger();
    const misconfigured = make({ email: EMAIL, passwordHash }, logger);
    await expect(misconfigured.authenticate(EMAIL, PASSWORD)).resolves.toBeNull();
    await expect(misconfigured.authenticate(EMAIL, '')).resolves.toBeNull();
    expect(logger.problems('error')).toEqual([expect.stringContaining('admin:hash')]);
  });

  it('verifies a hash made by scripts/admin-hash.mjs with the password as argument', async () => {
    const { hash } = runScript([PASSWORD]);
    expect(hash).toMatch(HASH_FORMAT);
    const fromScript = make({ email: EMAIL, passwordHash: hash }, new RecordingLogger());
    await expect(fromScript.authenticate(EMAIL, PASSWORD)).resolves.toEqual({ email: EMAIL });
    await expect(fromScript.authenticate(EMAIL, 'pas-le-bon')).resolves.toBeNull();
  });

  it('accepts what Vite reads from the .env.local lines the script prints (password on stdin)', async () => {
    const { hash, envFile } = runScript(['--email', 'Gerant@Exemple.fr'], `${PASSWORD}\n`);
    const env = loadEnvFile(envFile);
    expect(env).toEqual({ VITE_ADMIN_EMAIL: 'Gerant@Exemple.fr', VITE_ADMIN_PASSWORD_HASH: hash });
    const configured = make(
      { email: env.VITE_ADMIN_EMAIL ?? '', passwordHash: env.VITE_ADMIN_PASSWORD_HASH ?? '' },
      new RecordingLogger(),
    );
    await expect(configured.authenticate('gerant@exemple.fr', PASSWORD)).resolves.toEqual({ email: 'Gerant@Exemple.fr' });
  });

  it('accepts the demo account documented in the README', async () => {
    const demo = make({ ...DEMO_ADMIN }, new RecordingLogger());
    await expect(demo.authenticate('admin@boutique.example', 'Vitrine-Demo-2026!')).resolves.toEqual({
      email: 'admin@boutique.example',
    });
  });
});
