import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadEnv } from 'vite';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signIn as signInUseCase } from '@/domain/admin/sign-in';
import { LocalAdminAuthGateway, type AdminPasswordCheck } from '@/adapters/local-admin-auth/local-admin-auth-gateway';
import { Pbkdf2PasswordCheck } from '@/adapters/local-admin-auth/pbkdf2-password-check';
import { hashPassword } from '@/adapters/local-admin-auth/password-hash';
import { SupabaseAdminAuthGateway } from '@/adapters/supabase/supabase-admin-auth-gateway';
import { MemoryKeyValueStore, MemoryStorageArea } from '@/adapters/memory/memory-key-value-store';
import { DEMO_ADMIN } from '@/app/read-config';
import { lazyPort } from '@/app/lazy-port';
import { AdminSessionService } from '@/domain/admin/admin-session-service';
import { ADMIN_SIGN_IN_DELAY_MS } from '@/domain/constants';
import { ok } from '@/domain/result';
import { MESSAGES } from '@/domain/messages';
import type { AdminAuthGateway, AdminIdentity } from '@/ports/admin-auth-gateway';
import type { KeyValueStore } from '@/ports/key-value-store';
import type { Logger } from '@/ports/logger';
import { FailingKeyValueStore } from '../fakes/failing-key-value-store';
import { FakeClock } from '../fakes/fake-clock';
import { RecordingLogger } from '../fakes/recording-logger';
import { SequentialIds } from '../fakes/sequential-ids';
import { ADMIN_USER, MemoryStorage, SHOPPER_USER, startTestProject, testClient, type TestProject } from '../support/supabase/test-project';

const SCRIPT = fileURLToPath(new URL('../../scripts/generate/admin-hash.mjs', import.meta.url));
const HASH_FORMAT = /^pbkdf2-sha256\$600000\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/;

const EMAIL = 'gerante@boutique.example';
const PASSWORD = 'Théière-en-fonte-2026!';

interface Adapter {
  name: string;
  make(config: { email: string; passwordHash: string }, logger: Logger): AdminAuthGateway;
}

/** The shop's local sign-in: its session in `store`, its pair checked by PBKDF2. */
function localGateway(config: { email: string; passwordHash: string }, logger: Logger, store: KeyValueStore = new MemoryKeyValueStore()) {
  return new LocalAdminAuthGateway(store, new Pbkdf2PasswordCheck(config, logger), logger);
}

const adapters: Adapter[] = [{ name: 'LocalAdminAuthGateway', make: (config, logger) => localGateway(config, logger) }];

const WRONG_PAIR = { ok: false, error: { code: 'wrong-credentials', message: 'Identifiants incorrects' } };
const accepted = (email: string) => ({ ok: true, value: { email } });

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
    await expect(gateway.authenticate(EMAIL, PASSWORD)).resolves.toEqual(accepted(EMAIL));
  });

  it('accepts the email in another case (the signIn use case trims it first)', async () => {
    await expect(gateway.authenticate('Gerante@BOUTIQUE.example', PASSWORD)).resolves.toEqual(accepted(EMAIL));
  });

  it('refuses a wrong password, even one differing only by case or a trailing space', async () => {
    for (const password of ['pas-le-bon', PASSWORD.toLowerCase(), `${PASSWORD} `, '']) {
      await expect(gateway.authenticate(EMAIL, password)).resolves.toEqual(WRONG_PAIR);
    }
  });

  it('refuses a wrong email with the right password', async () => {
    await expect(gateway.authenticate('admin@boutique.example', PASSWORD)).resolves.toEqual(WRONG_PAIR);
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
    await expect(misconfigured.authenticate(EMAIL, PASSWORD)).resolves.toEqual(WRONG_PAIR);
    await expect(misconfigured.authenticate(EMAIL, '')).resolves.toEqual(WRONG_PAIR);
    expect(logger.problems('error')).toEqual([expect.stringContaining('admin:hash')]);
  });

  it('verifies a hash made by scripts/generate/admin-hash.mjs with the password as argument', async () => {
    const { hash } = runScript([PASSWORD]);
    expect(hash).toMatch(HASH_FORMAT);
    const fromScript = make({ email: EMAIL, passwordHash: hash }, new RecordingLogger());
    await expect(fromScript.authenticate(EMAIL, PASSWORD)).resolves.toEqual(accepted(EMAIL));
    await expect(fromScript.authenticate(EMAIL, 'pas-le-bon')).resolves.toEqual(WRONG_PAIR);
  });

  it('accepts what Vite reads from the .env.local lines the script prints (password on stdin)', async () => {
    const { hash, envFile } = runScript(['--email', 'Gerant@Exemple.fr'], `${PASSWORD}\n`);
    const env = loadEnvFile(envFile);
    expect(env).toEqual({ VITE_ADMIN_EMAIL: 'Gerant@Exemple.fr', VITE_ADMIN_PASSWORD_HASH: hash });
    const configured = make({ email: env.VITE_ADMIN_EMAIL ?? '', passwordHash: env.VITE_ADMIN_PASSWORD_HASH ?? '' }, new RecordingLogger());
    await expect(configured.authenticate('gerant@exemple.fr', PASSWORD)).resolves.toEqual(accepted('Gerant@Exemple.fr'));
  });

  it('accepts the demo account documented in the README', async () => {
    const demo = make({ ...DEMO_ADMIN }, new RecordingLogger());
    await expect(demo.authenticate('admin@boutique.example', 'Vitrine-Demo-2026!')).resolves.toEqual(accepted('admin@boutique.example'));
  });
});

// ---- The local gateway: the session is the spec's two storage entries (§4). ----

describe('LocalAdminAuthGateway: the session is temp_admin_auth and temp_admin_email', () => {
  const ADMIN = { email: 'gerante@boutique.example', password: 'bon-mot-de-passe' };
  /** The pair checked without hashing: these rules are the session's, not the password's. */
  const plainCheck: AdminPasswordCheck = {
    verify: async (email, password) => ok(email.trim().toLowerCase() === ADMIN.email && password === ADMIN.password ? ADMIN.email : null),
  };

  function setup(store: KeyValueStore = new MemoryKeyValueStore(), passwords: AdminPasswordCheck = plainCheck) {
    const logger = new RecordingLogger();
    return { store, logger, gateway: new LocalAdminAuthGateway(store, passwords, logger) };
  }
  const stored = (store: KeyValueStore) => [store.get('temp_admin_auth'), store.get('temp_admin_email')];

  it('signing in writes temp_admin_auth = authenticated and temp_admin_email', async () => {
    const { store, gateway } = setup();
    await gateway.authenticate(ADMIN.email, ADMIN.password);
    expect(stored(store)).toEqual(['authenticated', ADMIN.email]);
  });

  it('a wrong pair writes nothing', async () => {
    const { store, gateway } = setup();
    await expect(gateway.authenticate(ADMIN.email, 'faux')).resolves.toEqual(WRONG_PAIR);
    expect(stored(store)).toEqual([null, null]);
  });

  it('the session is restored on load from temp_admin_auth and temp_admin_email', async () => {
    const store = new MemoryKeyValueStore();
    store.set('temp_admin_auth', 'authenticated');
    store.set('temp_admin_email', ADMIN.email);
    await expect(setup(store).gateway.currentSession()).resolves.toEqual({ ok: true, value: { email: ADMIN.email } });
  });

  it.each([
    ['only temp_admin_auth', { temp_admin_auth: 'authenticated' }],
    ['only temp_admin_email', { temp_admin_email: ADMIN.email }],
    ['a wrong temp_admin_auth value', { temp_admin_auth: 'true', temp_admin_email: ADMIN.email }],
    ['an empty temp_admin_email', { temp_admin_auth: 'authenticated', temp_admin_email: '' }],
  ])('the session is not restored with %s', async (_label, entries: Record<string, string>) => {
    const store = new MemoryKeyValueStore();
    for (const [key, value] of Object.entries(entries)) store.set(key, value);
    await expect(setup(store).gateway.currentSession()).resolves.toEqual({ ok: true, value: null });
  });

  it('sign-out removes both storage entries', async () => {
    const { store, gateway } = setup();
    await gateway.authenticate(ADMIN.email, ADMIN.password);
    await expect(gateway.signOut()).resolves.toEqual({ ok: true, value: undefined });
    expect(stored(store)).toEqual([null, null]);
    await expect(gateway.currentSession()).resolves.toEqual({ ok: true, value: null });
  });

  it('when storage refuses the write, the admin is signed in on this page only and told so', async () => {
    const store = new FailingKeyValueStore();
    store.failWrites = true;
    const { gateway, logger } = setup(store);
    await expect(gateway.authenticate(ADMIN.email, ADMIN.password)).resolves.toEqual({
      ok: true,
      value: { email: ADMIN.email },
      message: MESSAGES.storageWriteFailed('session'),
    });
    expect(stored(store)).toEqual([null, null]);
    await expect(gateway.currentSession()).resolves.toEqual({ ok: true, value: { email: ADMIN.email } });
    expect(logger.problems('error')).toEqual([expect.stringContaining('Could not remember the admin session')]);
    // A reload finds no session: it was never remembered.
    await expect(setup(store).gateway.currentSession()).resolves.toEqual({ ok: true, value: null });
    await gateway.signOut();
    await expect(gateway.currentSession()).resolves.toEqual({ ok: true, value: null });
  });

  it('another tab signing in and out is heard, with what the entries say', async () => {
    const area = new MemoryStorageArea();
    const here = setup(new MemoryKeyValueStore(area));
    const there = setup(new MemoryKeyValueStore(area));
    const heard: Array<AdminIdentity | null> = [];
    const stop = here.gateway.onSessionChange((identity) => heard.push(identity));
    await there.gateway.authenticate(ADMIN.email, ADMIN.password);
    expect(heard.at(-1)).toEqual({ email: ADMIN.email });
    await there.gateway.signOut();
    expect(heard.at(-1)).toBeNull();
    stop();
    const count = heard.length;
    await there.gateway.authenticate(ADMIN.email, ADMIN.password);
    expect(heard).toHaveLength(count);
  });

  it('another tab’s change to some other entry is not a session change', async () => {
    const area = new MemoryStorageArea();
    const here = setup(new MemoryKeyValueStore(area));
    const heard: Array<AdminIdentity | null> = [];
    here.gateway.onSessionChange((identity) => heard.push(identity));
    new MemoryKeyValueStore(area).set('cart', '[]');
    expect(heard).toEqual([]);
  });

  it('a password check whose code cannot be loaded answers the network failure in French, not « Identifiants incorrects »', async () => {
    // Loaded on demand as the container loads it: the download fails.
    const offline = lazyPort<AdminPasswordCheck>(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    const { gateway, store, logger } = setup(new MemoryKeyValueStore(), offline);
    await expect(gateway.authenticate(ADMIN.email, ADMIN.password)).resolves.toEqual({
      ok: false,
      error: { code: 'network', message: 'Le serveur de la boutique ne répond pas. Vérifiez votre connexion à Internet, puis réessayez.' },
    });
    expect(stored(store)).toEqual([null, null]);
    expect(logger.problems('error')).toEqual([expect.stringContaining('could not be checked')]);
  });
});

// ---- Every gateway, local and Supabase: an admin's account, what the port promises for it. ----

interface AccountSubject {
  gateway: AdminAuthGateway;
  admin: { email: string; password: string };
  /** The same backend as a reload of the page finds it. */
  reload(): AdminAuthGateway;
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
      const config = { email: EMAIL, passwordHash: await hashPassword(PASSWORD) };
      const area = new MemoryStorageArea();
      const gateway = localGateway(config, new RecordingLogger(), new MemoryKeyValueStore(area));
      return { gateway, admin: { email: EMAIL, password: PASSWORD }, reload: () => localGateway(config, new RecordingLogger(), new MemoryKeyValueStore(area)) };
    },
  },
  {
    name: 'SupabaseAdminAuthGateway',
    async make() {
      const storage = new MemoryStorage();
      const gateway = new SupabaseAdminAuthGateway(testClient(project.fake, storage), new RecordingLogger());
      return { gateway, admin: ADMIN_USER, reload: () => new SupabaseAdminAuthGateway(testClient(project.fake, storage), new RecordingLogger()) };
    },
  },
];

describe.each(accountAdapters)('AdminAuthGateway contract, any backend: $name', ({ make }) => {
  it('accepts the admin’s pair as an admin, with the admin’s email', async () => {
    const { gateway, admin } = await make();
    const answer = await gateway.authenticate(admin.email, admin.password);
    expect(answer).toMatchObject({ ok: true, value: { email: admin.email } });
    expect(answer.ok && answer.value.isAdmin).not.toBe(false);
  });

  it('refuses a wrong password and an unknown email with « Identifiants incorrects », and opens no session', async () => {
    const { gateway, admin } = await make();
    await expect(gateway.authenticate(admin.email, 'pas-le-bon')).resolves.toEqual(WRONG_PAIR);
    await expect(gateway.authenticate('inconnu@exemple.fr', admin.password)).resolves.toEqual(WRONG_PAIR);
    await expect(gateway.currentSession()).resolves.toEqual({ ok: true, value: null });
  });

  it('has no session before a sign-in', async () => {
    const { gateway } = await make();
    await expect(gateway.currentSession()).resolves.toEqual({ ok: true, value: null });
  });

  it('keeps the admin’s session after a sign-in and across a reload, until sign-out ends it everywhere', async () => {
    const { gateway, admin, reload } = await make();
    await gateway.authenticate(admin.email, admin.password);
    await expect(gateway.currentSession()).resolves.toMatchObject({ ok: true, value: { email: admin.email } });
    const reloaded = reload();
    await expect(reloaded.currentSession()).resolves.toMatchObject({ ok: true, value: { email: admin.email } });
    await expect(reloaded.signOut()).resolves.toEqual({ ok: true, value: undefined });
    await expect(reloaded.currentSession()).resolves.toEqual({ ok: true, value: null });
    await expect(reload().currentSession()).resolves.toEqual({ ok: true, value: null });
  });
});

describe('SupabaseAdminAuthGateway: the session is the backend’s', () => {
  it('a shopper’s anonymous session is nobody for the back office; the owner’s sign-in replaces it, their sign-out leaves none', async () => {
    const storage = new MemoryStorage();
    const client = testClient(project.fake, storage);
    const heard: Array<AdminIdentity | null> = [];
    const gateway = new SupabaseAdminAuthGateway(client, new RecordingLogger());
    const stop = gateway.onSessionChange((identity) => heard.push(identity));
    // What SupabaseOrderRepository does before a shopper's first order.
    expect((await client.auth.signInAnonymously()).error).toBeNull();
    await expect(gateway.currentSession()).resolves.toEqual({ ok: true, value: null });
    await expect(new SupabaseAdminAuthGateway(testClient(project.fake, storage), new RecordingLogger()).currentSession()).resolves.toEqual({
      ok: true,
      value: null,
    });
    await expect(gateway.authenticate(ADMIN_USER.email, ADMIN_USER.password)).resolves.toMatchObject({ ok: true, value: { isAdmin: true } });
    await expect(gateway.currentSession()).resolves.toMatchObject({ ok: true, value: { email: ADMIN_USER.email, isAdmin: true } });
    await expect(gateway.signOut()).resolves.toEqual({ ok: true, value: undefined });
    expect((await client.auth.getSession()).data.session).toBeNull();
    stop();
    expect(heard.filter((identity) => identity !== null).map((identity) => identity.email)).toEqual([ADMIN_USER.email]);
  });

  it('says a signed-in user is not an admin when app_metadata carries no admin role', async () => {
    const gateway = new SupabaseAdminAuthGateway(testClient(project.fake, new MemoryStorage()), new RecordingLogger());
    await expect(gateway.authenticate(SHOPPER_USER.email, SHOPPER_USER.password)).resolves.toMatchObject({
      ok: true,
      value: { email: SHOPPER_USER.email, isAdmin: false },
    });
  });

  it('restores the session from the browser’s storage on reload, and a sign-out ends it on the server too', async () => {
    const storage = new MemoryStorage();
    const first = new SupabaseAdminAuthGateway(testClient(project.fake, storage), new RecordingLogger());
    await first.authenticate(ADMIN_USER.email, ADMIN_USER.password);
    const token = (await testClient(project.fake, storage).auth.getSession()).data.session?.access_token;
    // A reload: a new client on the same storage.
    const reloaded = new SupabaseAdminAuthGateway(testClient(project.fake, storage), new RecordingLogger());
    await expect(reloaded.currentSession()).resolves.toMatchObject({ ok: true, value: { email: ADMIN_USER.email, isAdmin: true, id: ADMIN_USER.id } });
    await reloaded.signOut();
    await expect(reloaded.currentSession()).resolves.toEqual({ ok: true, value: null });
    await expect(new SupabaseAdminAuthGateway(testClient(project.fake, storage), new RecordingLogger()).currentSession()).resolves.toEqual({
      ok: true,
      value: null,
    });
    // The old access token no longer opens the subscribers' table.
    const replay = await testClient(project.fake, undefined, async () => token!)
      .from('newsletter_subscribers')
      .select('id');
    expect(replay.status).toBe(401);
  });

  it('with the network down, answers the French network failure and logs the library’s words', async () => {
    const logger = new RecordingLogger();
    const gateway = new SupabaseAdminAuthGateway(testClient(project.fake, new MemoryStorage()), logger);
    project.fake.offline = true;
    try {
      await expect(gateway.authenticate(ADMIN_USER.email, ADMIN_USER.password)).resolves.toEqual({
        ok: false,
        error: { code: 'network', message: 'Le serveur de la boutique ne répond pas. Vérifiez votre connexion à Internet, puis réessayez.' },
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
    const client = testClient(project.fake, storage);
    const gateway = new SupabaseAdminAuthGateway(client, new RecordingLogger());
    const session = new AdminSessionService(gateway, clock, new SequentialIds('admin'), new RecordingLogger());
    const signIn = async (email: string, password: string) => {
      const pending = signInUseCase({ gateway, clock, logger: new RecordingLogger(), session }, { email, password });
      await clock.advanceAsync(ADMIN_SIGN_IN_DELAY_MS);
      return pending;
    };
    return { storage, session, client, signIn };
  }

  /** The session restored at start-up has arrived (it is read asynchronously from supabase-js). */
  const settled = (session: AdminSessionService) =>
    new Promise<void>((resolve) => {
      if (!session.getSnapshot().restoring) resolve();
      const stop = session.subscribe(() => {
        if (session.getSnapshot().restoring) return;
        stop();
        resolve();
      });
    });

  it('signs the admin in as Supabase knows them', async () => {
    const { session, signIn } = setup();
    const result = await signIn(ADMIN_USER.email, ADMIN_USER.password);
    expect(result).toMatchObject({ ok: true, value: { email: ADMIN_USER.email, id: ADMIN_USER.id, role: 'admin' } });
    expect(session.isAdmin()).toBe(true);
  });

  it('refuses a signed-in user who is not an admin in French, and signs them out', async () => {
    const { session, storage, signIn } = setup();
    expect(await signIn(SHOPPER_USER.email, SHOPPER_USER.password)).toEqual({
      ok: false,
      error: { code: 'not-admin', message: 'Ce compte n’a pas accès à l’administration. Connectez-vous avec un compte administrateur.' },
    });
    expect(session.isAdmin()).toBe(false);
    await expect(new SupabaseAdminAuthGateway(testClient(project.fake, storage), new RecordingLogger()).currentSession()).resolves.toEqual({
      ok: true,
      value: null,
    });
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
    await expect.poll(() => again.currentSession()).toEqual({ ok: true, value: null });
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
