import { describe, expect, it } from 'vitest';
import { BackendError } from '@/domain/backend-error';
import { AdminSessionService } from '@/domain/admin/admin-session-service';
import { signIn as signInUseCase } from '@/domain/admin/sign-in';
import { MESSAGES } from '@/domain/messages';
import type { Result } from '@/domain/result';
import type { AdminIdentity } from '@/ports/admin-auth-gateway';
import { FakeAdminAuthGateway, TEST_ADMIN, TEST_SHOPPER } from '../../../fakes/fake-admin-auth-gateway';
import { FakeClock } from '../../../fakes/fake-clock';
import { RecordingLogger } from '../../../fakes/recording-logger';
import { SequentialIds } from '../../../fakes/sequential-ids';

const START = '2026-11-22T10:00:00.000Z';

/** The service over a gateway that keeps the session (in memory), restored once the gateway has answered. */
async function setup(gateway = new FakeAdminAuthGateway()) {
  const context = start(gateway);
  await settled();
  return context;
}

function start(gateway = new FakeAdminAuthGateway()) {
  const clock = new FakeClock(START);
  const logger = new RecordingLogger();
  const session = new AdminSessionService(gateway, clock, new SequentialIds('admin'), logger);
  const signInWith = (email: string, password: string) => signInUseCase({ gateway, clock, logger, session }, { email, password });
  return { gateway, clock, logger, session, signInWith };
}

/** The gateway's answers are promises: let them arrive. */
const settled = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Signs in and lets the fake clock run the artificial delay. */
async function signIn(context: ReturnType<typeof start>, email: string, password: string) {
  const pending = context.signInWith(email, password);
  await context.clock.advanceAsync(500);
  return pending;
}

describe('AdminSessionService (spec §3–§6)', () => {
  it('sign-in waits 500 ms before answering', async () => {
    const { clock, session, signInWith } = await setup();
    let answer: Result<unknown> | null = null;
    void signInWith(TEST_ADMIN.email, TEST_ADMIN.password).then((r) => (answer = r));
    await clock.advanceAsync(499);
    expect(answer).toBeNull();
    expect(session.isAdmin()).toBe(false);
    await clock.advanceAsync(1);
    expect(answer).toMatchObject({ ok: true });
  });

  it('a wrong pair also answers only after 500 ms', async () => {
    const { clock, signInWith } = await setup();
    let answered = false;
    void signInWith(TEST_ADMIN.email, 'faux').then(() => (answered = true));
    await clock.advanceAsync(499);
    expect(answered).toBe(false);
    await clock.advanceAsync(1);
    expect(answered).toBe(true);
  });

  it('credentials that do not match give « Identifiants incorrects » and stay signed out', async () => {
    const context = await setup();
    for (const [email, password] of [
      [TEST_ADMIN.email, 'pas-le-bon'],
      ['autre@boutique.test', TEST_ADMIN.password],
    ] as const) {
      expect(await signIn(context, email, password)).toEqual({
        ok: false,
        error: { code: 'wrong-credentials', message: 'Identifiants incorrects' },
      });
    }
    expect(context.session.getSnapshot().user).toBeNull();
    expect(context.session.isAdmin()).toBe(false);
    expect(context.gateway.session).toBeNull();
  });

  it('matching credentials sign in a temporary admin user with the fields of spec §3', async () => {
    const context = await setup();
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
    expect(context.session.getSnapshot()).toEqual({ user, restoring: false });
  });

  it('anyone signed in with the fixed credentials is admin (isAdmin true)', async () => {
    const context = await setup();
    await signIn(context, TEST_ADMIN.email, TEST_ADMIN.password);
    expect(context.session.isAdmin()).toBe(true);
  });

  it('the session the gateway kept is restored on load, without passing through « signed out »', async () => {
    const context = start(new FakeAdminAuthGateway({ session: { email: TEST_ADMIN.email } }));
    const seen: Array<{ user: string | null; restoring: boolean }> = [];
    const record = () => seen.push({ user: context.session.getSnapshot().user?.email ?? null, restoring: context.session.getSnapshot().restoring });
    record();
    context.session.subscribe(record);
    await settled();
    expect(seen).toEqual([
      { user: null, restoring: true },
      { user: TEST_ADMIN.email, restoring: false },
    ]);
    expect(context.session.getSnapshot().user).toMatchObject({ email: TEST_ADMIN.email, role: 'admin' });
    expect(context.session.isAdmin()).toBe(true);
  });

  it('without a session kept, the load ends signed out', async () => {
    const { session } = await setup();
    expect(session.getSnapshot()).toEqual({ user: null, restoring: false });
    expect(session.isAdmin()).toBe(false);
  });

  it('a session kept for a user who is not an admin is not restored', async () => {
    const { session } = await setup(new FakeAdminAuthGateway({ session: { email: TEST_SHOPPER.email, isAdmin: false } }));
    expect(session.getSnapshot()).toEqual({ user: null, restoring: false });
  });

  it('a backend that cannot say at load leaves the admin signed out, and the failure is logged', async () => {
    const gateway = new FakeAdminAuthGateway({ session: { email: TEST_ADMIN.email } });
    gateway.down = 'network';
    const { session, logger } = await setup(gateway);
    expect(session.getSnapshot()).toEqual({ user: null, restoring: false });
    expect(logger.problems('warn')).toEqual([expect.stringContaining('could not be restored')]);
  });

  it('sign-out ends the gateway’s session and signs out', async () => {
    const context = await setup();
    await signIn(context, TEST_ADMIN.email, TEST_ADMIN.password);
    context.session.signOut();
    expect(context.session.getSnapshot().user).toBeNull();
    expect(context.session.isAdmin()).toBe(false);
    await settled();
    expect(context.gateway.session).toBeNull();
  });

  it('sign-out is immediate on this page even when the backend cannot be told, and that is logged', async () => {
    const context = await setup();
    await signIn(context, TEST_ADMIN.email, TEST_ADMIN.password);
    context.gateway.down = 'network';
    context.session.signOut();
    expect(context.session.isAdmin()).toBe(false);
    await settled();
    expect(context.logger.problems('error')).toEqual([expect.stringContaining('could not be ended')]);
  });

  it("sign-up is always refused with « Les inscriptions sont temporairement fermées. Contactez l'administrateur. »", async () => {
    const { gateway, session } = await setup();
    expect(await session.signUp(TEST_ADMIN.email, TEST_ADMIN.password)).toEqual({
      ok: false,
      error: {
        code: 'sign-up-closed',
        message: "Les inscriptions sont temporairement fermées. Contactez l'administrateur.",
      },
    });
    expect(session.isAdmin()).toBe(false);
    expect(gateway.session).toBeNull();
  });

  it('a user the backend knows but not as an admin is refused in French, and their session is ended', async () => {
    const context = await setup();
    expect(await signIn(context, TEST_SHOPPER.email, TEST_SHOPPER.password)).toEqual({
      ok: false,
      error: { code: 'not-admin', message: 'Ce compte n’a pas accès à l’administration. Connectez-vous avec un compte administrateur.' },
    });
    expect(context.session.isAdmin()).toBe(false);
    expect(context.gateway.session).toBeNull();
  });

  it('a backend that cannot be reached is said in French, not as « Identifiants incorrects »', async () => {
    const context = await setup();
    context.gateway.down = 'network';
    expect(await signIn(context, TEST_ADMIN.email, TEST_ADMIN.password)).toEqual({
      ok: false,
      error: { code: 'network', message: 'Le serveur de la boutique ne répond pas. Vérifiez votre connexion à Internet, puis réessayez.' },
    });
    expect(context.session.isAdmin()).toBe(false);
  });

  it('another tab signing in and out is followed, and listeners hear it', async () => {
    const { gateway, session } = await setup();
    let heard = 0;
    session.subscribe(() => heard++);
    gateway.elsewhere({ email: TEST_ADMIN.email });
    expect(session.getSnapshot().user?.email).toBe(TEST_ADMIN.email);
    gateway.elsewhere(null);
    expect(session.getSnapshot().user).toBeNull();
    expect(heard).toBe(2);
  });

  it('the same admin signing in again elsewhere keeps this page’s user as it is', async () => {
    const context = await setup();
    await signIn(context, TEST_ADMIN.email, TEST_ADMIN.password);
    const before = context.session.getSnapshot();
    context.gateway.elsewhere({ email: TEST_ADMIN.email });
    expect(context.session.getSnapshot()).toBe(before);
  });

  it('a session that becomes a non-admin user’s elsewhere closes the back office', async () => {
    const context = await setup();
    await signIn(context, TEST_ADMIN.email, TEST_ADMIN.password);
    const shopper: AdminIdentity = { email: TEST_SHOPPER.email, isAdmin: false };
    context.gateway.elsewhere(shopper);
    expect(context.session.isAdmin()).toBe(false);
    expect(context.session.getSnapshot().user).toBeNull();
  });

  it('the snapshot keeps its reference between changes', async () => {
    const context = await setup();
    const before = context.session.getSnapshot();
    expect(context.session.getSnapshot()).toBe(before);
    await signIn(context, TEST_ADMIN.email, TEST_ADMIN.password);
    const after = context.session.getSnapshot();
    expect(after).not.toBe(before);
    expect(context.session.getSnapshot()).toBe(after);
  });

  it('when the session cannot be remembered, the admin is still signed in on this page and told so', async () => {
    const context = await setup();
    context.gateway.successMessage = MESSAGES.storageWriteFailed('session');
    const result = await signIn(context, TEST_ADMIN.email, TEST_ADMIN.password);
    expect(result.ok && result.message).toBe(MESSAGES.storageWriteFailed('session'));
    expect(context.session.isAdmin()).toBe(true);
  });

  it('a gateway that rejects (its code could not be loaded) is answered in French, and the load ends signed out', async () => {
    const unreachable = new FakeAdminAuthGateway();
    const offline = () => Promise.reject(new BackendError('network'));
    unreachable.authenticate = offline;
    unreachable.currentSession = offline;
    const context = await setup(unreachable);
    expect(context.session.getSnapshot()).toEqual({ user: null, restoring: false });
    expect(await signIn(context, TEST_ADMIN.email, TEST_ADMIN.password)).toEqual({
      ok: false,
      error: { code: 'network', message: 'Le serveur de la boutique ne répond pas. Vérifiez votre connexion à Internet, puis réessayez.' },
    });
    expect(context.session.isAdmin()).toBe(false);
  });
});
