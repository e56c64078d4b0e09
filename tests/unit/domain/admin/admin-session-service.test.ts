import { describe, expect, it } from 'vitest';
import { MemoryKeyValueStore, MemoryStorageArea } from '../../../../src/adapters/memory/memory-key-value-store';
import { AdminSessionService } from '../../../../src/domain/admin/admin-session-service';
import { MESSAGES } from '../../../../src/domain/messages';
import type { Result } from '../../../../src/domain/result';
import type { KeyValueStore } from '../../../../src/ports/key-value-store';
import { FakeAdminAuthGateway, TEST_ADMIN } from '../../../fakes/fake-admin-auth-gateway';
import { FailingKeyValueStore } from '../../../fakes/failing-key-value-store';
import { FakeClock } from '../../../fakes/fake-clock';
import { RecordingLogger } from '../../../fakes/recording-logger';
import { SequentialIds } from '../../../fakes/sequential-ids';

const START = '2026-11-22T10:00:00.000Z';

function setup(store: KeyValueStore = new MemoryKeyValueStore()) {
  const clock = new FakeClock(START);
  const logger = new RecordingLogger();
  const session = new AdminSessionService(new FakeAdminAuthGateway(), store, clock, new SequentialIds('admin'), logger);
  return { store, clock, logger, session };
}

/** Signs in and lets the fake clock run the artificial delay. */
async function signIn(context: ReturnType<typeof setup>, email: string, password: string) {
  const pending = context.session.signIn(email, password);
  await context.clock.advanceAsync(500);
  return pending;
}

function storedSession(store: KeyValueStore) {
  return [store.get('temp_admin_auth'), store.get('temp_admin_email')];
}

describe('AdminSessionService (spec §3–§6)', () => {
  it('sign-in waits 500 ms before answering', async () => {
    const { clock, session } = setup();
    let answer: Result<unknown> | null = null;
    void session.signIn(TEST_ADMIN.email, TEST_ADMIN.password).then((r) => (answer = r));
    await clock.advanceAsync(499);
    expect(answer).toBeNull();
    expect(session.isAdmin()).toBe(false);
    await clock.advanceAsync(1);
    expect(answer).toMatchObject({ ok: true });
  });

  it('a wrong pair also answers only after 500 ms', async () => {
    const { clock, session } = setup();
    let answered = false;
    void session.signIn(TEST_ADMIN.email, 'faux').then(() => (answered = true));
    await clock.advanceAsync(499);
    expect(answered).toBe(false);
    await clock.advanceAsync(1);
    expect(answered).toBe(true);
  });

  it('credentials that do not match give « Identifiants incorrects » and stay signed out', async () => {
    const context = setup();
    for (const [email, password] of [
      [TEST_ADMIN.email, 'pas-le-bon'],
      ['autre@boutique.test', TEST_ADMIN.password],
      ['', ''],
    ] as const) {
      expect(await signIn(context, email, password)).toEqual({
        ok: false,
        error: { code: 'wrong-credentials', message: 'Identifiants incorrects' },
      });
    }
    expect(context.session.getSnapshot().user).toBeNull();
    expect(context.session.isAdmin()).toBe(false);
    expect(storedSession(context.store)).toEqual([null, null]);
  });

  it('matching credentials sign in a temporary admin user with the fields of spec §3', async () => {
    const context = setup();
    const result = await signIn(context, TEST_ADMIN.email, TEST_ADMIN.password);
    const user = {
      id: 'admin-1',
      email: TEST_ADMIN.email,
      created_at: '2026-11-22T10:00:00.500Z', // built after the 500 ms delay
      role: 'admin',
      display_name: 'Administrateur',
      user_metadata: { role: 'admin' },
    };
    expect(result).toEqual({ ok: true, value: user });
    expect(context.session.getSnapshot()).toEqual({ user });
  });

  it('signing in writes temp_admin_auth = authenticated and temp_admin_email', async () => {
    const context = setup();
    await signIn(context, TEST_ADMIN.email, TEST_ADMIN.password);
    expect(storedSession(context.store)).toEqual(['authenticated', TEST_ADMIN.email]);
  });

  it('anyone signed in with the fixed credentials is admin (isAdmin true)', async () => {
    const context = setup();
    await signIn(context, TEST_ADMIN.email, TEST_ADMIN.password);
    expect(context.session.isAdmin()).toBe(true);
  });

  it('the session is restored on load from temp_admin_auth and temp_admin_email', () => {
    const store = new MemoryKeyValueStore();
    store.set('temp_admin_auth', 'authenticated');
    store.set('temp_admin_email', TEST_ADMIN.email);
    const { session } = setup(store);
    expect(session.getSnapshot().user).toMatchObject({ email: TEST_ADMIN.email, role: 'admin' });
    expect(session.isAdmin()).toBe(true);
  });

  it.each([
    ['only temp_admin_auth', { temp_admin_auth: 'authenticated' }],
    ['only temp_admin_email', { temp_admin_email: TEST_ADMIN.email }],
    ['a wrong temp_admin_auth value', { temp_admin_auth: 'true', temp_admin_email: TEST_ADMIN.email }],
    ['an empty temp_admin_email', { temp_admin_auth: 'authenticated', temp_admin_email: '' }],
  ])('the session is not restored with %s', (_label, entries: Record<string, string>) => {
    const store = new MemoryKeyValueStore();
    for (const [key, value] of Object.entries(entries)) store.set(key, value);
    const { session } = setup(store);
    expect(session.getSnapshot().user).toBeNull();
    expect(session.isAdmin()).toBe(false);
  });

  it('sign-out removes both storage entries and signs out', async () => {
    const context = setup();
    await signIn(context, TEST_ADMIN.email, TEST_ADMIN.password);
    context.session.signOut();
    expect(storedSession(context.store)).toEqual([null, null]);
    expect(context.session.getSnapshot().user).toBeNull();
    expect(context.session.isAdmin()).toBe(false);
  });

  it("sign-up is always refused with « Les inscriptions sont temporairement fermées. Contactez l'administrateur. »", async () => {
    const { store, session } = setup();
    expect(await session.signUp(TEST_ADMIN.email, TEST_ADMIN.password)).toEqual({
      ok: false,
      error: {
        code: 'sign-up-closed',
        message: "Les inscriptions sont temporairement fermées. Contactez l'administrateur.",
      },
    });
    expect(session.isAdmin()).toBe(false);
    expect(storedSession(store)).toEqual([null, null]);
  });

  it('another tab signing in and out is followed, and listeners hear it', async () => {
    const area = new MemoryStorageArea();
    const a = setup(new MemoryKeyValueStore(area));
    const b = setup(new MemoryKeyValueStore(area));
    let heard = 0;
    b.session.subscribe(() => heard++);
    await signIn(a, TEST_ADMIN.email, TEST_ADMIN.password);
    expect(b.session.getSnapshot().user?.email).toBe(TEST_ADMIN.email);
    a.session.signOut();
    expect(b.session.getSnapshot().user).toBeNull();
    expect(heard).toBe(2);
  });

  it('the snapshot keeps its reference between changes', async () => {
    const context = setup();
    const before = context.session.getSnapshot();
    expect(context.session.getSnapshot()).toBe(before);
    await signIn(context, TEST_ADMIN.email, TEST_ADMIN.password);
    const after = context.session.getSnapshot();
    expect(after).not.toBe(before);
    expect(context.session.getSnapshot()).toBe(after);
  });

  it('when the session cannot be remembered, the admin is still signed in on this page and told so', async () => {
    const store = new FailingKeyValueStore();
    const context = setup(store);
    store.failWrites = true;
    const result = await signIn(context, TEST_ADMIN.email, TEST_ADMIN.password);
    expect(result.ok && result.message).toBe(MESSAGES.storageWriteFailed('session'));
    expect(context.session.isAdmin()).toBe(true);
    expect(storedSession(store)).toEqual([null, null]);
  });
});
