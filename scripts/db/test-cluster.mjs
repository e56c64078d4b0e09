// A throw-away PostgreSQL 15 cluster shaped like a Supabase project's database, for tests.
//
// initdb in a temporary directory as the `postgres` OS user (PostgreSQL refuses to run as root),
// a server listening on a Unix socket in that directory only (listen_addresses = ''), then:
// scripts/db/supabase-bootstrap.sql (what Supabase creates before any migration), every file of
// supabase/migrations in order, and supabase/seed.sql. `query(sql, params, as)` runs a statement
// the way PostgREST does: in a transaction, `set local role`, the JWT's claims in
// `request.jwt.claims`, so grants and row-level security apply exactly as they would on Supabase.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const ROOT = join(import.meta.dirname, '..', '..');
export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
export const BOOTSTRAP_FILE = join(import.meta.dirname, 'supabase-bootstrap.sql');
export const MIGRATIONS_DIR = join(ROOT, 'supabase', 'migrations');
export const SEED_FILE = join(ROOT, 'supabase', 'seed.sql');

const PORT = 5432; // the socket lives in a directory of its own: no clash with any other server
const DATABASE = 'postgres';
const ROLES = new Set(['anon', 'authenticated', 'service_role', 'postgres']);

const isRoot = process.getuid?.() === 0;

/** The ids of the `postgres` OS user, who owns the cluster when we run as root. */
function postgresUser() {
  const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
  const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
  if (!Number.isInteger(uid) || !Number.isInteger(gid) || spawnSync('id', ['postgres']).status !== 0) {
    throw new Error("No `postgres` OS user: install Debian's postgresql-15 package (apt-get install -y postgresql-15).");
  }
  return { uid, gid };
}

/** Runs a PostgreSQL program, as the postgres user when we are root. */
function pgCommand(program, args) {
  const binary = join(PG_BIN, program);
  return isRoot ? ['runuser', ['-u', 'postgres', '--', binary, ...args]] : [binary, args];
}

// Run from the cluster's own directory: the postgres user may not be allowed into the project's
// (a checkout under /root), and initdb and pg_ctl need to read their current directory.
function runProgram(program, args, cwd) {
  const [command, argv] = pgCommand(program, args);
  return new Promise((resolve, reject) => {
    const child = spawn(command, argv, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`${program} ${args.join(' ')} failed (exit ${code}):\n${output}`))));
  });
}

/** The files of supabase/migrations, in the order the Supabase CLI applies them (by name). */
export function migrationFiles() {
  return readdirSync(MIGRATIONS_DIR)
    .filter((name) => /^\d+_.+\.sql$/.test(name))
    .sort()
    .map((name) => join(MIGRATIONS_DIR, name));
}

/** Every SQL file that makes the database of a fresh project, in order. */
export function setupFiles({ seed = true } = {}) {
  return [BOOTSTRAP_FILE, ...migrationFiles(), ...(seed && existsSync(SEED_FILE) ? [SEED_FILE] : [])];
}

/** The settings every test server starts with (on the command line, never in the data directory). */
function serverSettings(socketDir) {
  return [
    `listen_addresses=''`,
    `unix_socket_directories='${socketDir}'`,
    `port=${PORT}`,
    // A test database: nothing to keep if the machine stops.
    'fsync=off',
    'synchronous_commit=off',
    'full_page_writes=off',
    // Logical decoding, as on Supabase (Realtime reads the WAL): the fake Realtime server of
    // the tests (tests/support/supabase/fake-realtime.ts) reads the changes it sends from it.
    'wal_level=logical',
    // Logical decoding reads what is flushed; without synchronous commits, the WAL writer
    // flushes every wal_writer_delay (default 200 ms): a commit is decoded 10 ms after it.
    'wal_writer_delay=10ms',
  ];
}

/** A new directory in the temporary folder that the server's user may use (the postgres user when we are root). */
function serverDirectory(prefix) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  if (isRoot) {
    const { uid, gid } = postgresUser();
    chownSync(dir, uid, gid);
  }
  return dir;
}

/**
 * The project's database as a fresh project has it (what setupFiles lists, applied in order to a
 * new cluster), kept once as a stopped data directory, which each test cluster copies: initdb, the
 * bootstrap, every migration and the seed take seconds, a copy a fraction of one, and a test run
 * starts some thirty clusters. Named after a digest of the SQL files and the server, so a changed
 * migration makes a new one; several test processes may build it at once, the first to finish
 * keeps it (a directory is renamed into place whole).
 */
async function templateDataDir({ seed }) {
  const digest = createHash('sha256');
  digest.update(`${PG_BIN}\n${TEMPLATE_FORMAT}\n`);
  for (const file of setupFiles({ seed })) digest.update(`${file}\n${readFileSync(file, 'utf8')}\n`);
  const templates = join(tmpdir(), 'shop-pg-templates');
  const ready = join(templates, digest.digest('hex').slice(0, 24));
  if (existsSync(ready)) return ready;
  mkdirSync(templates, { recursive: true });
  const work = serverDirectory('shop-pg-template-');
  const dataDir = join(work, 'data');
  const server = await startServer(work, dataDir, () =>
    runProgram('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync'], work),
  );
  try {
    for (const file of setupFiles({ seed })) {
      try {
        await server.client.query(readFileSync(file, 'utf8'));
      } catch (error) {
        throw new Error(`${file.replace(`${ROOT}/`, '')}: ${error.message}`, { cause: error });
      }
    }
    await server.client.end();
    await runProgram('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop'], work);
    try {
      renameSync(dataDir, ready);
    } catch (error) {
      if (!existsSync(ready)) throw error; // another process made it first: keep theirs
    }
    return ready;
  } catch (error) {
    await server.fail(error);
    throw error;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
/** Bumped when what a template holds changes other than through the SQL files. */
const TEMPLATE_FORMAT = 1;

/**
 * Makes `dataDir` with `make`, starts a server on it with a socket in `socketDir`, and connects.
 * `fail(error)` stops it and adds the server's log to the error's message.
 */
async function startServer(socketDir, dataDir, make) {
  const logFile = join(socketDir, 'server.log');
  writeFileSync(logFile, '');
  if (isRoot) {
    const { uid, gid } = postgresUser();
    chownSync(logFile, uid, gid);
  }
  let started = false;
  let client;
  const stop = () => {
    if (!started) return;
    started = false;
    const [command, argv] = pgCommand('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
    spawnSync(command, argv, { cwd: socketDir, stdio: 'ignore' });
  };
  const fail = async (error) => {
    await client?.end().catch(() => {});
    stop();
    const log = existsSync(logFile) ? readFileSync(logFile, 'utf8').trim() : '';
    if (log && error instanceof Error) error.message += `\nserver log:\n${log}`;
  };
  try {
    await make();
    await runProgram(
      'pg_ctl',
      [
        '-D',
        dataDir,
        '-l',
        logFile,
        '-w',
        '-o',
        serverSettings(socketDir)
          .map((s) => `-c ${s}`)
          .join(' '),
        'start',
      ],
      socketDir,
    );
    started = true;
    client = new pg.Client({ host: socketDir, port: PORT, user: 'postgres', database: DATABASE });
    await client.connect();
  } catch (error) {
    await fail(error);
    throw error;
  }
  return { client, stop, fail };
}

/**
 * Starts a new cluster holding the project's database (a copy of the template: setupFiles applied).
 * @param {{ seed?: boolean }} [options] seed: load supabase/seed.sql (default true)
 */
export async function startTestCluster({ seed = true } = {}) {
  if (!existsSync(join(PG_BIN, 'initdb'))) {
    throw new Error(`${join(PG_BIN, 'initdb')} is missing: install Debian's postgresql-15 package (apt-get install -y postgresql-15).`);
  }
  const template = await templateDataDir({ seed });
  const socketDir = serverDirectory('shop-pg-');
  const dataDir = join(socketDir, 'data');
  let server;
  // A test run that dies must not leave a server behind.
  const onExit = () => {
    server?.stop();
    rmSync(socketDir, { recursive: true, force: true });
  };
  process.once('exit', onExit);
  try {
    // cp -a keeps the files' owner (the postgres user) and the data directory's mode (0700).
    server = await startServer(socketDir, dataDir, () => runCopy(template, dataDir));
  } catch (error) {
    onExit();
    process.removeListener('exit', onExit);
    throw error;
  }
  return clusterApi(server.client, socketDir, seed, () => {
    server.stop();
    rmSync(socketDir, { recursive: true, force: true });
    process.removeListener('exit', onExit);
  });
}

function runCopy(from, to) {
  return new Promise((resolve, reject) => {
    const child = spawn('cp', ['-a', from, to], { stdio: ['ignore', 'ignore', 'pipe'] });
    let output = '';
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`cp -a ${from} ${to} failed (exit ${code}): ${output}`))));
  });
}

/**
 * A connection of its own to a cluster that another process started (startTestCluster) and
 * keeps running, put back to the state of a fresh one (every table emptied, the seed loaded
 * again). `stop()` closes this connection only. Used by mutation testing, whose runs of one test
 * file follow one another by the hundred (vitest.stryker.config.ts).
 * @param {string} socketDir the cluster's socketDir
 * @param {{ seed?: boolean }} [options] seed: what the cluster was started with (default true)
 */
export async function connectTestCluster(socketDir, { seed = true } = {}) {
  const client = new pg.Client({ host: socketDir, port: PORT, user: 'postgres', database: DATABASE });
  await client.connect();
  const cluster = clusterApi(client, socketDir, seed, () => {});
  await cluster.reset();
  return cluster;
}

/** query, reset and stop over one open connection; `onEnd` runs once it is closed. */
function clusterApi(client, socketDir, seed, onEnd) {
  // One connection, one statement sequence at a time: a transaction of one query() never
  // interleaves with another's.
  let queue = Promise.resolve();
  const exclusive = (task) => {
    const result = queue.then(task);
    queue = result.catch(() => {});
    return result;
  };

  async function query(sql, params = [], as) {
    return exclusive(async () => {
      if (!as) return (await client.query(sql, params)).rows;
      if (!ROLES.has(as.role)) throw new Error(`Unknown role ${as.role}: one of ${[...ROLES].join(', ')}`);
      const claims = as.claims ?? { role: as.role };
      await client.query('begin');
      try {
        await client.query(`set local role ${as.role}`);
        await client.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claims)]);
        if (as.headers) await client.query(`select set_config('request.headers', $1, true)`, [JSON.stringify(as.headers)]);
        const { rows } = await client.query(sql, params);
        await client.query('commit');
        return rows;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      }
    });
  }

  async function reset() {
    return exclusive(async () => {
      const { rows } = await client.query(
        // storage.objects too (the files of Storage), not storage.buckets (made by a migration).
        `select format('%I.%I', schemaname, tablename) as name from pg_tables
          where schemaname in ('public', 'auth') or (schemaname, tablename) = ('storage', 'objects')`,
      );
      if (rows.length > 0) {
        await client.query(`truncate ${rows.map((r) => r.name).join(', ')} restart identity cascade`);
      }
      if (seed && existsSync(SEED_FILE)) await client.query(readFileSync(SEED_FILE, 'utf8'));
    });
  }

  async function stop() {
    await queue;
    await client.end().catch(() => {});
    onEnd();
  }

  return { socketDir, port: PORT, database: DATABASE, query, reset, stop };
}
