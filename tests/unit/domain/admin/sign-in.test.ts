import { describe, expect, it } from 'vitest';
import { AdminSessionService } from '@/domain/admin/admin-session-service';
import { signIn } from '@/domain/admin/sign-in';
import { FakeAdminAuthGateway, TEST_ADMIN } from '../../../fakes/fake-admin-auth-gateway';
import { FakeClock } from '../../../fakes/fake-clock';
import { RecordingLogger } from '../../../fakes/recording-logger';
import { SequentialIds } from '../../../fakes/sequential-ids';

const WRONG_PAIR = { ok: false, error: { code: 'wrong-credentials', message: 'Identifiants incorrects' } };

function setup() {
  const gateway = new FakeAdminAuthGateway();
  const asked: Array<[string, string]> = [];
  const authenticate = gateway.authenticate.bind(gateway);
  gateway.authenticate = (email, password) => (asked.push([email, password]), authenticate(email, password));
  const clock = new FakeClock('2026-11-22T10:00:00.000Z');
  const logger = new RecordingLogger();
  const session = new AdminSessionService(gateway, clock, new SequentialIds('admin'), logger);
  /** Signs in and lets the fake clock run the artificial delay (500 ms). */
  const submit = async (email: string, password: string) => {
    const pending = signIn({ gateway, clock, logger, session }, { email, password });
    await clock.advanceAsync(500);
    return pending;
  };
  return { gateway, asked, session, submit, clock, logger };
}

describe('signIn: the pair checked in one place, then the gateway', () => {
  it('hands the gateway the email trimmed and the password exactly as typed', async () => {
    const { asked, session, submit } = setup();
    expect(await submit(`  ${TEST_ADMIN.email} `, TEST_ADMIN.password)).toMatchObject({ ok: true, value: { email: TEST_ADMIN.email, role: 'admin' } });
    expect(asked).toEqual([[TEST_ADMIN.email, TEST_ADMIN.password]]);
    expect(session.isAdmin()).toBe(true);
  });

  it('a password with a space around it is another password', async () => {
    const { asked, submit } = setup();
    expect(await submit(TEST_ADMIN.email, ` ${TEST_ADMIN.password}`)).toEqual(WRONG_PAIR);
    expect(asked).toEqual([[TEST_ADMIN.email, ` ${TEST_ADMIN.password}`]]);
  });

  // Issue 42, item 11: a blank field is named, not answered « Identifiants incorrects ».
  it.each([
    ['a blank email', '   ', TEST_ADMIN.password, 'L’adresse email est obligatoire.'],
    ['an empty password', TEST_ADMIN.email, '', 'Le mot de passe est obligatoire.'],
    ['both blank', ' ', '', 'L’adresse email et le mot de passe sont obligatoires.'],
  ])('%s says which field is missing, without asking the gateway, after the same 500 ms', async (_what, email, password, message) => {
    const { asked, session, clock, gateway, logger } = setup();
    let answer: unknown = null;
    void signIn({ gateway, clock, logger, session }, { email, password }).then((r) => (answer = r));
    await clock.advanceAsync(499);
    expect(answer).toBeNull();
    await clock.advanceAsync(1);
    expect(answer).toEqual({ ok: false, error: { code: 'missing-field', message } });
    expect(asked).toEqual([]);
    expect(session.isAdmin()).toBe(false);
  });
});
