import type { AdminAuthGateway, AdminIdentity } from '@/ports/admin-auth-gateway';
import type { Clock } from '@/ports/clock';
import type { Logger } from '@/ports/logger';
import { backendFailure } from '../backend-error';
import { ADMIN_SIGN_IN_DELAY_MS } from '../constants';
import { MESSAGES } from '../messages';
import { fail, ok, type Result } from '../result';
import type { AdminUser } from './admin-user';

/** Ours: a field left blank is named (the spec's « Identifiants incorrects » is for a mismatch). */
const SIGN_IN_MESSAGES = {
  emailRequired: MESSAGES.emailRequired,
  passwordRequired: 'Le mot de passe est obligatoire.',
  credentialsRequired: 'L’adresse email et le mot de passe sont obligatoires.',
} as const;

/** The admin session the sign-in opens or ends (AdminSessionService). */
interface SignInSession {
  open(identity: AdminIdentity): AdminUser;
  end(): Promise<void>;
}

export interface SignInPorts {
  gateway: AdminAuthGateway;
  clock: Clock;
  logger: Logger;
  session: SignInSession;
}

/**
 * « Se connecter » on /admin/connexion (spec §4–§6, §9): the artificial delay comes first,
 * whatever the outcome, so a wrong pair answers no faster; then the pair is checked here, the one
 * place (the email trimmed; a blank field is named, not answered « Identifiants incorrects »), and handed to the gateway, which decides whether
 * it is right. Only an admin is let in: a user the backend knows but not as an admin is refused
 * and their session ended. A success may carry the gateway's message (signed in on this page,
 * but the session could not be remembered).
 */
export async function signIn({ gateway, clock, logger, session }: SignInPorts, form: { email: string; password: string }): Promise<Result<AdminUser>> {
  await new Promise<void>((resolve) => clock.setTimeout(resolve, ADMIN_SIGN_IN_DELAY_MS));
  const email = form.email.trim();
  const missing = missingField(email, form.password);
  if (missing !== null) return fail('missing-field', missing);
  let answer: Result<AdminIdentity>;
  try {
    answer = await gateway.authenticate(email, form.password);
  } catch (error) {
    // The port answers its failures; a rejection is a gateway that could not even be reached.
    logger.error('Admin authentication failed to answer', error);
    answer = backendFailure(error) ?? fail('wrong-credentials', MESSAGES.wrongCredentials);
  }
  if (!answer.ok) return answer;
  if (answer.value.isAdmin === false) {
    await session.end();
    return fail('not-admin', MESSAGES.notAdmin);
  }
  const user = session.open(answer.value);
  return answer.message === undefined ? ok(user) : ok(user, answer.message);
}

/** Which of the two fields is blank, as the owner is told; null when both are filled. */
function missingField(email: string, password: string): string | null {
  if (email === '') return password === '' ? SIGN_IN_MESSAGES.credentialsRequired : SIGN_IN_MESSAGES.emailRequired;
  return password === '' ? SIGN_IN_MESSAGES.passwordRequired : null;
}
