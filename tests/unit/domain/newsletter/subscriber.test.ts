import { describe, expect, it } from 'vitest';
import { isValidEmail, normalizeEmail } from '@/domain/newsletter/subscriber';

describe('newsletter email (spec §3, §5)', () => {
  it.each(['camille@exemple.fr', 'Camille.Martin@Exemple.FR', 'a+b@sous.domaine.fr', '  lea@exemple.fr  '])(
    'an address that looks like an email is accepted: %s',
    (email) => expect(isValidEmail(email)).toBe(true),
  );

  it.each(['', 'camille', 'camille@', '@exemple.fr', 'camille@exemple', 'ca mille@exemple.fr', 'a@b@exemple.fr', 'camille@.fr', 'camille@exemple.'])(
    'an address that does not look like an email is refused: "%s"',
    (email) => expect(isValidEmail(email)).toBe(false),
  );

  it('an email is stored trimmed and in lower case', async () => {
    expect(normalizeEmail('  Camille.Martin@Exemple.FR ')).toBe('camille.martin@exemple.fr');
  });
});
