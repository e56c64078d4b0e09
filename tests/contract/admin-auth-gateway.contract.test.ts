import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadEnv } from 'vite';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LocalAdminAuthGateway } from '../../src/adapters/local-admin-auth/local-admin-auth-gateway';
import { hashPassword } from '../../src/adapters/local-admin-auth/password-hash';
import { SupabaseAdminAuthGateway } from '../../src/adapters/supabase/supabase-admin-auth-gateway';
import { MemoryKeyValueStore } from '../../src/adapters/memory/memory-key-value-store';
import { DEMO_ADMIN } from '../../src/app/config';
import { AdminSessionService } from '../../src/domain/admin/admin-session-service';
import { ADMIN_SIGN_IN_DELAY_MS } from '../../src/domain/constants';
import type { AdminAuthGateway } from '../../src/ports/admin-auth-gateway';
import type { Logger } from '../../src/ports/logger';
import { FakeClock } from '../fakes/fake-clock';
import { RecordingLogger } from '../fakes/recording-logger';
import { SequentialIds } from '../fakes/sequential-ids';
import { ADMIN_USER, MemoryStorage, SHOPPER_USER, startTestProject, testClient, type TestProject } from '../support/supabase/test-project';

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

// ---- Every gateway, local and Supabase: an admin's account, what the port promises for it. ----

interface AccountSubject {
  gateway: AdminAuthGateway;
  admin: { email: string; password: string };
}

let project: TestProject;
beforeAll(async () => {
  project = await startTestProject();
}, 120_000);
afterAll(async () => {
  await project?.cluster.stop();
});
afterEach(() => {
  expect(project.fake.violations).toEqual([]);
});

const accountAdapters: Array<{ name: string; make(): Promise<AccountSubject> }> = [
  {
    name: 'LocalAdminAuthGateway',
    async make() {
      const gateway = new LocalAdminAuthGateway({ email: EMAIL, passwordHash: await hashPassword(PASSWORD) }, new RecordingLogger());
      return { gateway, admin: { email: EMAIL, password: PASSWORD } };
    },
  },
  {
    name: 'SupabaseAdminAuthGateway',
    async make() {
      const gateway = new SupabaseAdminAuthGateway(testClient(project.fake, new MemoryStorage()), new RecordingLogger());
      return { gateway, admin: ADMIN_USER };
    },
  },
];

describe.each(accountAdapters)('AdminAuthGateway contract, any backend: $name', ({ make }) => {
  it('accepts the admin’s pair as an admin, with the admin’s email', async () => {
    const { gateway, admin } = await make();
    const identity = await gateway.authenticate(admin.email, admin.password);
    expect(identity).toMatchObject({ email: admin.email });
    expect(identity?.isAdmin).not.toBe(false);
  });

  it('refuses a wrong password and an unknown email with null, not an error', async () => {
    const { gateway, admin } = await make();
    await expect(gateway.authenticate(admin.email, 'pas-le-bon')).resolves.toBeNull();
    await expect(gateway.authenticate('inconnu@exemple.fr', admin.password)).resolves.toBeNull();
  });
});

describe('SupabaseAdminAuthGateway: the session is the backend’s', () => {
  it('says a signed-in user is not an admin when app_metadata carries no admin role', async () => {
    const gateway = new SupabaseAdminAuthGateway(testClient(project.fake, new MemoryStorage()), new RecordingLogger());
    await expect(gateway.authenticate(SHOPPER_USER.email, SHOPPER_USER.password)).resolves.toMatchObject({
      email: SHOPPER_USER.email,
      isAdmin: false,
    });
  });

  it('restores the session from the browser’s storage on reload, and a sign-out ends it on the server too', async () => {
    const storage = new MemoryStorage();
    const first = new SupabaseAdminAuthGateway(testClient(project.fake, storage), new RecordingLogger());
    await first.authenticate(ADMIN_USER.email, ADMIN_USER.password);
    const token = (await testClient(project.fake, storage).auth.getSession()).data.session?.access_token;
    // A reload: a new client on the same storage.
    const reloaded = new SupabaseAdminAuthGateway(testClient(project.fake, storage), new RecordingLogger());
    await expect(reloaded.currentSession()).resolves.toMatchObject({ email: ADMIN_USER.email, isAdmin: true, id: ADMIN_USER.id });
    await reloaded.signOut();
    await expect(reloaded.currentSession()).resolves.toBeNull();
    await expect(new SupabaseAdminAuthGateway(testClient(project.fake, storage), new RecordingLogger()).currentSession()).resolves.toBeNull();
    // The old access token no longer opens the subscribers' table.
    const replay = await testClient(project.fake, undefined, async () => token!).from('newsletter_subscribers').select('id');
    expect(replay.status).toBe(401);
  });

  it('with the network down, rejects with a French BackendError and logs the library’s words', async () => {
    const logger = new RecordingLogger();
    const gateway = new SupabaseAdminAuthGateway(testClient(project.fake, new MemoryStorage()), logger);
    project.fake.offline = true;
    try {
      await expect(gateway.authenticate(ADMIN_USER.email, ADMIN_USER.password)).rejects.toMatchObject({
        name: 'BackendError',
        code: 'network',
        message: 'Le serveur de la boutique ne répond pas. Vérifiez votre connexion à Internet, puis réessayez.',
      });
    } finally {
      project.fake.offline = false;
    }
    expect(logger.problems('error')).toEqual([expect.stringContaining('admin sign-in failed (network)')]);
  });
});

// ---- The admin session (domain) over Supabase auth: what the admin sees. ----

describe('AdminSessionService over Supabase auth', () => {
  function setup(storage = new MemoryStorage()) {
    const clock = new FakeClock();
    const store = new MemoryKeyValueStore();
    const client = testClient(project.fake, storage);
    const gateway = new SupabaseAdminAuthGateway(client, new RecordingLogger());
    const session = new AdminSessionService(gateway, store, clock, new SequentialIds('admin'), new RecordingLogger());
    const signIn = async (email: string, password: string) => {
      const pending = session.signIn(email, password);
      await clock.advanceAsync(ADMIN_SIGN_IN_DELAY_MS);
      return pending;
    };
    return { storage, store, session, client, signIn };
  }

  /** The session restored at start-up has arrived (it is read asynchronously from supabase-js). */
  const settled = (session: AdminSessionService) =>
    new Promise<void>((resolve) => {
      if (session.isAdmin()) resolve();
      const stop = session.subscribe(() => {
        stop();
        resolve();
      });
    });

  it('signs the admin in as Supabase knows them, never through the local storage entries', async () => {
    const { session, store, signIn } = setup();
    const result = await signIn(ADMIN_USER.email, ADMIN_USER.password);
    expect(result).toMatchObject({ ok: true, value: { email: ADMIN_USER.email, id: ADMIN_USER.id, role: 'admin' } });
    expect(session.isAdmin()).toBe(true);
    expect([store.get('temp_admin_auth'), store.get('temp_admin_email')]).toEqual([null, null]);
  });

  it('refuses a signed-in user who is not an admin in French, and signs them out', async () => {
    const { session, storage, signIn } = setup();
    expect(await signIn(SHOPPER_USER.email, SHOPPER_USER.password)).toEqual({
      ok: false,
      error: { code: 'not-admin', message: 'Ce compte n’a pas accès à l’administration. Connectez-vous avec un compte administrateur.' },
    });
    expect(session.isAdmin()).toBe(false);
    await expect(new SupabaseAdminAuthGateway(testClient(project.fake, storage), new RecordingLogger()).currentSession()).resolves.toBeNull();
  });

  it('answers « Identifiants incorrects » to a wrong pair', async () => {
    const { session, signIn } = setup();
    expect(await signIn(ADMIN_USER.email, 'pas-le-bon')).toEqual({
      ok: false,
      error: { code: 'wrong-credentials', message: 'Identifiants incorrects' },
    });
    expect(session.isAdmin()).toBe(false);
  });

  it('is still signed in after a reload, until the admin signs out', async () => {
    const first = setup();
    await first.signIn(ADMIN_USER.email, ADMIN_USER.password);
    const reloaded = setup(first.storage);
    await settled(reloaded.session);
    expect(reloaded.session.getSnapshot().user).toMatchObject({ email: ADMIN_USER.email, id: ADMIN_USER.id });
    reloaded.session.signOut();
    expect(reloaded.session.isAdmin()).toBe(false);
    const again = new SupabaseAdminAuthGateway(testClient(project.fake, first.storage), new RecordingLogger());
    await expect.poll(() => again.currentSession()).toBeNull();
  });

  it('closes the back office when supabase-js ends the session on its own (a refused refresh, another tab)', async () => {
    const { session, client, signIn } = setup();
    await signIn(ADMIN_USER.email, ADMIN_USER.password);
    expect(session.isAdmin()).toBe(true);
    // supabase-js drops the session by itself (as when its refresh is refused): SIGNED_OUT.
    await client.auth.signOut({ scope: 'local' });
    expect(session.isAdmin()).toBe(false);
    expect(session.getSnapshot().user).toBeNull();
  });

  it('refuses account creation with the spec’s message without asking the server', async () => {
    const { session } = setup();
    expect(await session.signUp('nouveau@exemple.fr', 'un-mot-de-passe')).toEqual({
      ok: false,
      error: { code: 'sign-up-closed', message: "Les inscriptions sont temporairement fermées. Contactez l'administrateur." },
    });
    // The fake server records any call to /auth/v1/signup as a violation (checked after each test).
  });

  it('with the network down, says so in French instead of « Identifiants incorrects »', async () => {
    const { signIn } = setup();
    project.fake.offline = true;
    try {
      expect(await signIn(ADMIN_USER.email, ADMIN_USER.password)).toEqual({
        ok: false,
        error: { code: 'network', message: 'Le serveur de la boutique ne répond pas. Vérifiez votre connexion à Internet, puis réessayez.' },
      });
    } finally {
      project.fake.offline = false;
    }
  });
});
