#!/usr/bin/env node
// Makes the admin password hash for the local admin sign-in (npm run admin:hash).
// Same format and parameters as src/adapters/local-admin-auth/password-hash.ts, which checks it:
//   pbkdf2-sha256$<iterations>$<saltBase64>$<hashBase64>
import { pbkdf2, randomBytes } from 'node:crypto';
import { parseArgs, promisify } from 'node:util';

const ITERATIONS = 600_000;
const SALT_BYTES = 16;
const KEY_BYTES = 32;
const DEFAULT_EMAIL = 'admin@boutique.example';
const SHORT_PASSWORD = 12;
// French typography: a no-break space before « : ; ! ? ».
const NBSP = '\u00A0';

const USAGE = `Utilisation${NBSP}: npm run admin:hash -- [--email adresse] [mot-de-passe]

Sans mot de passe en argument, il est demandé au clavier (sans affichage), ou lu sur
l’entrée standard si elle n’est pas un terminal.
Adresse par défaut${NBSP}: ${DEFAULT_EMAIL}`;

async function main() {
  const { values, positionals } = readArguments();
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (positionals.length > 1) fail(`un seul mot de passe est attendu (pensez aux guillemets).\n\n${USAGE}`);

  const email = (values.email ?? DEFAULT_EMAIL).trim();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) fail(`« ${email} » n’est pas une adresse email valide.`);

  let password = positionals[0];
  if (password !== undefined) {
    warn('un mot de passe passé en argument reste dans l’historique du terminal.');
  } else if (process.stdin.isTTY) {
    password = await promptHidden(`Mot de passe de l’administrateur${NBSP}: `);
    const again = await promptHidden(`Confirmez le mot de passe${NBSP}: `);
    if (again !== password) fail('les deux saisies ne sont pas identiques.');
  } else {
    password = await readStdin();
  }
  if (password === '') fail('le mot de passe est vide.');
  if ([...password].length < SHORT_PASSWORD) {
    warn(
      `ce mot de passe a moins de ${SHORT_PASSWORD} caractères. L’empreinte est publiée avec le site${NBSP}: ` +
        'un mot de passe court se retrouve par force brute.',
    );
  }

  const hash = await hashPassword(password);
  // Vite expands `$NAME` inside .env files (dotenv-expand), which would cut the hash: escape every `$`.
  const envValue = (text) => text.replaceAll('$', '\\$');
  console.log(`Empreinte du mot de passe${NBSP}:
${hash}

Lignes à mettre dans .env.local (les « $ » y sont échappés pour Vite), puis reconstruisez le site${NBSP}:
VITE_ADMIN_EMAIL=${envValue(email)}
VITE_ADMIN_PASSWORD_HASH=${envValue(hash)}`);
}

function readArguments() {
  try {
    return parseArgs({
      options: { email: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
    });
  } catch (error) {
    return fail(`option non reconnue ou incomplète (${error.message}).\n\n${USAGE}`);
  }
}

async function hashPassword(password) {
  const salt = randomBytes(SALT_BYTES);
  // NFC, like the verifier: the same accented password typed on another system must match.
  const key = await promisify(pbkdf2)(password.normalize('NFC'), salt, ITERATIONS, KEY_BYTES, 'sha256');
  return ['pbkdf2-sha256', ITERATIONS, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Reads one line from the terminal without echoing it. */
function promptHidden(question) {
  const { stdin, stderr } = process;
  stderr.write(question);
  stdin.setRawMode(true);
  stdin.setEncoding('utf8');
  stdin.resume();
  return new Promise((resolve) => {
    let value = '';
    const finish = () => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      stderr.write('\n');
    };
    const onData = (chunk) => {
      // Arrow and function keys send escape sequences: they are not part of the password.
      // eslint-disable-next-line no-control-regex -- matching ESC is the point
      for (const char of chunk.replace(/\u001b(\[[0-9;]*[A-Za-z~]|O.)?/g, '')) {
        if (char === '\u0003') {
          finish();
          fail('interrompu.', 130);
        } else if (char === '\r' || char === '\n' || char === '\u0004') {
          finish();
          resolve(value);
          return;
        } else if (char === '\u007f' || char === '\b') {
          value = [...value].slice(0, -1).join('');
        } else if (char >= ' ') {
          value += char;
        }
      }
    };
    stdin.on('data', onData);
  });
}

async function readStdin() {
  let text = '';
  process.stdin.setEncoding('utf8');
  for await (const chunk of process.stdin) text += chunk;
  // Only the line ending `echo` or a here-doc adds; other spaces may belong to the password.
  return text.replace(/\r?\n$/, '');
}

function warn(message) {
  console.error(`Attention${NBSP}: ${message}`);
}

function fail(message, code = 1) {
  console.error(`Erreur${NBSP}: ${message}`);
  process.exit(code);
}

main().catch((error) => {
  fail(error instanceof Error ? error.message : String(error));
});
