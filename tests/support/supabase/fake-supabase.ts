// A stand-in for a Supabase project's HTTP API, for supabase-js's `global.fetch`: it checks
// every request against the forms PostgREST, GoTrue and Edge Functions document (method, path,
// query, headers, body) and answers in their documented shapes, errors included. Reads and RPCs
// run in the real test database (scripts/db/test-cluster.mjs) under the role and claims of the
// request's JWT, as PostgREST runs them, so row-level security and the SQL functions answer.
// A request outside the documented forms is answered 400 and recorded in `violations`: each
// suite asserts there are none.
import { randomUUID } from 'node:crypto';
import { FakeStorage } from './fake-storage';
import { ANON_KEY, SUPABASE_TEST_URL, signJwt, verifyJwt, type Claims } from './jwt';
import { QuerySyntaxError, translateRead, type SqlQuery } from './postgrest-query';

type Role = 'anon' | 'authenticated' | 'service_role' | 'postgres';

/** The test database, as scripts/db/test-cluster.mjs gives it. */
export interface SqlRunner {
  query(sql: string, params?: unknown[], as?: { role: Role; claims?: object; headers?: Record<string, string> }): Promise<Array<Record<string, unknown>>>;
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  /** app_metadata.role: 'admin' for an admin, absent for anyone else. */
  appRole?: 'admin';
  createdAt: string;
  /** Made by an anonymous sign-in (no e-mail, no password): its JWT says is_anonymous. */
  anonymous?: boolean;
}

export interface FunctionCall {
  claims: Claims;
  body: unknown;
}
export type FunctionHandler = (call: FunctionCall) => Promise<{ status: number; body: unknown }>;

interface PgError {
  code?: string;
  message?: string;
  detail?: string;
  hint?: string;
}

const JSON_HEADERS = { 'Content-Type': 'application/json; charset=utf-8' };
// supabase-js names itself supabase-js/2.x in Node, supabase-js-web/2.x in a browser.
const EXPECTED_CLIENT = /^supabase-js(?:-web)?\/2\./;
const TOKEN_LIFETIME_S = 3600;

/** What GoTrue puts in app_metadata: the provider the user signed in with, and the admin role. */
function appMetadata(user: TestUser): Record<string, unknown> {
  const provider = user.anonymous ? 'anonymous' : 'email';
  return { provider, providers: [provider], ...(user.appRole && { role: user.appRole }) };
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { ...JSON_HEADERS, ...headers } });
}

/** PostgREST's error object: code, message, details, hint (docs: « Errors »). */
function postgrestError(status: number, code: string, message: string, details: string | null = null, hint: string | null = null) {
  return json(status, { code, message, details, hint });
}

/** PostgREST's status for a PostgreSQL error (docs: « HTTP Status Codes »), its table in order. */
function statusOf(code: string, role: Role): number {
  if (code === '42501') return role === 'anon' ? 401 : 403;
  if (code === '42883' || code === '42P01') return 404;
  if (code === '42P17' || code === '53400') return 500;
  if (code === '23505' || code === '23503') return 409;
  if (code === '25006') return 405;
  if (code === 'P0001') return 400;
  const classOf = code.slice(0, 2);
  if (classOf === '08' || classOf === '53') return 503;
  if (classOf === '0L' || classOf === '0P' || classOf === '28') return 403;
  if (['09', '25', '2D', '38', '39', '3B', '40', '54', '55', '57', '58', 'F0', 'HV', 'P0', 'XX'].includes(classOf)) return 500;
  // Every other code, syntax errors and constraint violations among them, and a function's own
  // SQLSTATE (place_order's CM001 to CM003).
  return 400;
}

export class FakeSupabase {
  readonly url = SUPABASE_TEST_URL;
  readonly anonKey = ANON_KEY;
  /** Requests that left the documented forms: must stay empty. */
  readonly violations: string[] = [];
  /** The network is down: every request fails as fetch fails (TypeError). */
  offline = false;
  /**
   * The client address Supabase's gateway would add to the next requests (x-forwarded-for), as
   * PostgREST passes it to SQL in request.headers (place_order counts a caller's unpaid orders
   * by it). Null: none, as for the owner's own SQL, and no per-caller cap applies.
   */
  clientAddress: string | null = null;
  /**
   * Whether Supabase Auth makes anonymous users (`enable_anonymous_sign_ins` in config.toml).
   * Off, POST /auth/v1/signup without an e-mail answers 422 anonymous_provider_disabled.
   */
  anonymousSignIns = true;
  /** The users made by anonymous sign-ins, each also a row of auth.users in the test database. */
  readonly anonymousUsers: TestUser[] = [];
  private readonly refreshTokens = new Map<string, TestUser>();
  private readonly revoked = new Set<string>();
  /** Supabase Storage (tests/support/supabase/fake-storage.ts): its files' bytes live there. */
  readonly storage: FakeStorage;

  constructor(
    private readonly db: SqlRunner,
    private readonly options: {
      users?: readonly TestUser[];
      functions?: Record<string, FunctionHandler>;
      now?: () => number;
    } = {},
  ) {
    this.storage = new FakeStorage(
      db,
      (what) => this.violation(what),
      () => this.now(),
    );
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  /** An access token for `user`, as GoTrue issues it (or an expired one). */
  accessToken(user: TestUser, options: { expired?: boolean } = {}): string {
    const issuedAt = Math.floor(this.now() / 1000);
    return signJwt({
      iss: `${SUPABASE_TEST_URL}/auth/v1`,
      aud: 'authenticated',
      role: 'authenticated',
      sub: user.id,
      email: user.email,
      exp: options.expired ? issuedAt - 60 : issuedAt + TOKEN_LIFETIME_S,
      iat: issuedAt,
      app_metadata: appMetadata(user),
      user_metadata: {},
      session_id: `${user.id}-session`,
      is_anonymous: user.anonymous === true,
    });
  }

  fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    if (this.offline) throw new TypeError('fetch failed');
    const request = new Request(input, init);
    const url = new URL(request.url);
    try {
      if (url.origin !== this.url) return this.violation(`request to ${url.origin}, not the project URL`);
      // A public picture, as an <img> or a plain fetch asks for it: no apikey, no client header.
      if (this.storage.isPublicRead(request, url)) return await this.storage.handle(request, url);
      if (request.headers.get('apikey') !== ANON_KEY) return this.violation(`${url.pathname}: apikey header is not the anon key`);
      if (!EXPECTED_CLIENT.test(request.headers.get('x-client-info') ?? '')) {
        return this.violation(`${url.pathname}: X-Client-Info is not supabase-js's`);
      }
      if (url.pathname.startsWith('/rest/v1/')) return await this.rest(request, url);
      if (url.pathname.startsWith('/auth/v1/')) return await this.auth(request, url);
      if (url.pathname.startsWith('/functions/v1/')) return await this.function(request, url);
      if (url.pathname.startsWith('/storage/v1/')) return await this.storage.handle(request, url);
      return this.violation(`unknown path ${url.pathname}`);
    } catch (error) {
      if (error instanceof QuerySyntaxError) return this.violation(`${url.pathname}${url.search}: ${error.message}`, 'PGRST100');
      throw error;
    }
  };

  private violation(what: string, code = 'PGRST100'): Response {
    this.violations.push(what);
    return postgrestError(400, code, `Request not in the documented form: ${what}`);
  }

  /** The claims of the request's bearer token: the anon key's, or a user's (verified, not expired). */
  private bearer(request: Request): { claims: Claims } | { refusal: Response } {
    const match = /^Bearer (\S+)$/.exec(request.headers.get('authorization') ?? '');
    if (!match) return { refusal: this.violation('Authorization is not "Bearer <jwt>"') };
    const claims = verifyJwt(match[1]!);
    if (!claims) return { refusal: postgrestError(401, 'PGRST301', 'No suitable key or wrong key type') };
    if (claims.exp * 1000 <= this.now()) return { refusal: postgrestError(401, 'PGRST303', 'JWT expired') };
    if (claims.sub && this.revoked.has(`${claims.sub}-session`) && claims.role === 'authenticated') {
      return { refusal: postgrestError(401, 'PGRST303', 'JWT expired') };
    }
    return { claims };
  }

  private async runSql(
    sql: string,
    params: unknown[],
    claims: Claims,
    headers?: Record<string, string>,
  ): Promise<{ rows: Array<Record<string, unknown>> } | { refusal: Response }> {
    try {
      return { rows: await this.db.query(sql, params, { role: claims.role, claims, ...(headers && { headers }) }) };
    } catch (error) {
      const pg = error as PgError;
      if (!pg.code) throw error;
      return { refusal: postgrestError(statusOf(pg.code, claims.role), pg.code, pg.message ?? '', pg.detail ?? null, pg.hint ?? null) };
    }
  }

  // ---- PostgREST ----------------------------------------------------------------------------

  private async rest(request: Request, url: URL): Promise<Response> {
    const auth = this.bearer(request);
    if ('refusal' in auth) return auth.refusal;
    const rpc = /^\/rest\/v1\/rpc\/([a-z_][a-z0-9_]*)$/.exec(url.pathname);
    if (rpc) return this.rpc(request, url, rpc[1]!, auth.claims);
    const table = /^\/rest\/v1\/([a-z_][a-z0-9_]*)$/.exec(url.pathname);
    if (!table) return this.violation(`${url.pathname} is neither /rest/v1/<table> nor /rest/v1/rpc/<function>`);
    if (request.method !== 'GET') return this.violation(`${request.method} ${url.pathname}: the adapters only read tables`);
    if (request.headers.get('accept-profile') !== 'public') return this.violation('a read names its schema in Accept-Profile: public');
    const accept = request.headers.get('accept');
    if (accept !== null && accept !== 'application/json' && accept !== '*/*') return this.violation(`Accept ${accept} is not JSON`);
    const count = this.countAsked(request);
    if (typeof count !== 'boolean') return count;
    const read = translateRead(table[1]!, url.searchParams, { range: this.rangeAsked(request) });
    return this.page(read, count, auth.claims);
  }

  /**
   * `Prefer: count=exact` asks the total with the page. Preferences are a comma-separated list
   * (docs: « Prefer Header »); supabase-js adds return=representation when a function's rows are
   * selected, which a read ignores. No other preference is expected.
   */
  private countAsked(request: Request, allowed: readonly string[] = []): boolean | Response {
    const prefer = request.headers.get('prefer');
    if (prefer === null) return false;
    const preferences = prefer.split(',').map((p) => p.trim());
    const unexpected = preferences.filter((p) => p !== 'count=exact' && !allowed.includes(p));
    if (unexpected.length > 0) return this.violation(`Prefer ${unexpected.join(', ')} is not expected on a read`);
    return preferences.includes('count=exact');
  }

  /** A page asked by header: `Range: <first>-<last>`, in items (Range-Unit), as PostgREST reads it. */
  private rangeAsked(request: Request): string | null {
    const range = request.headers.get('range');
    if (range === null) return null;
    const unit = request.headers.get('range-unit');
    if (unit !== null && unit !== 'items') throw new QuerySyntaxError(`Range-Unit ${unit} is not items`);
    return range;
  }

  /**
   * Runs one read and answers as PostgREST does (docs: « Pagination and Count »): the rows, and
   * Content-Range <first>-<last>/<total> (`*` as the total unless count=exact was asked, `*` as
   * the range when no row came); 206 when the page holds fewer rows than the total; a first row
   * past the total is 416 PGRST103.
   */
  private async page(read: SqlQuery, count: boolean, claims: Claims): Promise<Response> {
    let total: number | null = null;
    if (count) {
      const counted = await this.runSql(read.countSql, read.params, claims);
      if ('refusal' in counted) return counted.refusal;
      total = Number(counted.rows[0]?.total);
      if (read.offset > total) {
        return json(
          416,
          {
            code: 'PGRST103',
            message: 'Requested range not satisfiable',
            details: `An offset of ${read.offset} was requested, but there are only ${total} rows.`,
            hint: null,
          },
          { 'Content-Range': `*/${total}` },
        );
      }
    }
    const result = await this.runSql(read.sql, read.params, claims);
    if ('refusal' in result) return result.refusal;
    const rows = result.rows.map((row) => row.body);
    const first = read.offset;
    const span = rows.length === 0 ? '*' : `${first}-${first + rows.length - 1}`;
    const status = total !== null && rows.length < total ? 206 : 200;
    return json(status, rows, { 'Content-Range': `${span}/${total ?? '*'}` });
  }

  private async rpc(request: Request, url: URL, name: string, claims: Claims): Promise<Response> {
    if (request.method !== 'POST') return this.violation(`${request.method} /rpc/${name}: a function with arguments is called with POST`);
    if (request.headers.get('content-profile') !== 'public') return this.violation('an RPC names its schema in Content-Profile: public');
    if (!(request.headers.get('content-type') ?? '').startsWith('application/json')) return this.violation('an RPC body is JSON');
    const count = this.countAsked(request, ['return=representation']);
    if (typeof count !== 'boolean') return count;
    let args: unknown;
    try {
      args = await request.json();
    } catch {
      return postgrestError(400, 'PGRST102', 'Empty or invalid json');
    }
    if (typeof args !== 'object' || args === null || Array.isArray(args)) return this.violation('RPC arguments are one JSON object');
    const names = Object.keys(args);
    for (const argument of names) if (!/^[a-z_][a-z0-9_]*$/.test(argument)) return this.violation(`argument name ${argument}`);
    // Does a function of that name take exactly these named arguments? PostgREST's schema cache answers PGRST202 otherwise.
    const found = await this.db.query(
      `select 1 from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and p.proname = $1 and coalesce(p.proargnames, '{}') @> $2::text[] and cardinality(coalesce(p.proargnames, '{}')) = $3`,
      [name, names, names.length],
      { role: 'postgres' },
    );
    if (found.length === 0) {
      return postgrestError(
        404,
        'PGRST202',
        `Could not find the function public.${name}(${names.join(', ')}) in the schema cache`,
        null,
        'Perhaps you meant to call another function',
      );
    }
    // Named notation, each argument's text cast by PostgreSQL to the parameter's type: as PostgREST calls it.
    const invocation = `public.${name}(${names.map((n, i) => `${n} => $${i + 1}`).join(', ')})`;
    // PostgREST reads the body as JSON: an argument of type json or jsonb is that JSON as it came
    // (an array too), where pg would turn a JS array into a PostgreSQL array literal.
    const jsonArguments = new Set(
      (
        await this.db.query(
          `select a.name from pg_proc p join pg_namespace n on n.oid = p.pronamespace,
                  unnest(p.proargnames, coalesce(p.proallargtypes, p.proargtypes::oid[])) as a (name, type)
            where n.nspname = 'public' and p.proname = $1 and a.type in ('json'::regtype, 'jsonb'::regtype)`,
          [name],
          { role: 'postgres' },
        )
      ).map((row) => String(row.name)),
    );
    const values = names.map((n) => {
      const value = (args as Record<string, unknown>)[n];
      return jsonArguments.has(n) && value !== null && value !== undefined ? JSON.stringify(value) : value;
    });
    const [returned] = await this.db.query(
      `select p.proretset as set, t.typrelid <> 0 as rows, c.relname as relation
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_type t on t.oid = p.prorettype
         left join pg_class c on c.oid = t.typrelid
        where n.nspname = 'public' and p.proname = $1`,
      [name],
      { role: 'postgres' },
    );
    if (returned?.set && returned.rows) {
      // A function returning a table's or a view's rows is read like that table: select,
      // filters, order, paging, count and embedding (docs: « Functions as RPC »).
      const read = translateRead(name, url.searchParams, {
        rpc: { call: invocation, args: values, returns: String(returned.relation) },
        range: this.rangeAsked(request),
      });
      return this.page(read, count, claims);
    }
    if (url.search !== '') return this.violation(`/rpc/${name} returns no rows to filter, yet has a query string ${url.search}`);
    if (count) return this.violation(`Prefer count=exact on /rpc/${name}, which returns no rows`);
    const call = `select to_json(${invocation}) as body`;
    // PostgREST gives a function the request's headers (names in lower case) in request.headers.
    const headers = Object.fromEntries(request.headers);
    if (this.clientAddress !== null) headers['x-forwarded-for'] = this.clientAddress;
    const result = await this.runSql(call, values, claims, headers);
    if ('refusal' in result) return result.refusal;
    return json(200, result.rows[0]?.body ?? null);
  }

  // ---- GoTrue -------------------------------------------------------------------------------

  private async auth(request: Request, url: URL): Promise<Response> {
    if (request.headers.get('x-supabase-api-version') !== '2024-01-01') return this.violation('GoTrue requests name API version 2024-01-01');
    const apiVersion = { 'X-Supabase-Api-Version': '2024-01-01' };
    const authError = (status: number, code: string, message: string) => json(status, { code, message }, apiVersion);
    if (url.pathname === '/auth/v1/token' && request.method === 'POST') {
      const grant = url.searchParams.get('grant_type');
      const body = (await request.json()) as Record<string, unknown>;
      if (grant === 'password') {
        const keys = Object.keys(body).sort().join(',');
        if (keys !== 'email,gotrue_meta_security,password' && keys !== 'email,password') {
          return this.violation(`password grant body has ${keys}`);
        }
        const user = this.options.users?.find((u) => u.email === body.email && u.password === body.password);
        if (!user) return authError(400, 'invalid_credentials', 'Invalid login credentials');
        this.revoked.delete(`${user.id}-session`);
        return json(200, this.session(user), apiVersion);
      }
      if (grant === 'refresh_token') {
        const user = this.refreshTokens.get(String(body.refresh_token));
        if (!user) return authError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
        return json(200, this.session(user), apiVersion);
      }
      return this.violation(`grant_type ${grant}`);
    }
    if (url.pathname === '/auth/v1/logout' && request.method === 'POST') {
      const auth = this.bearer(request);
      if ('refusal' in auth) return auth.refusal;
      if (!auth.claims.sub) return this.violation('logout with the anon key');
      this.revoked.add(`${auth.claims.sub}-session`);
      for (const [token, user] of this.refreshTokens) if (user.id === auth.claims.sub) this.refreshTokens.delete(token);
      return new Response(null, { status: 204, headers: apiVersion });
    }
    if (url.pathname === '/auth/v1/user' && request.method === 'GET') {
      const auth = this.bearer(request);
      if ('refusal' in auth) return authError(401, 'bad_jwt', 'invalid JWT');
      const user = [...(this.options.users ?? []), ...this.anonymousUsers].find((u) => u.id === auth.claims.sub);
      return user ? json(200, this.userJson(user), apiVersion) : authError(403, 'user_not_found', 'User not found');
    }
    if (url.pathname === '/auth/v1/signup' && request.method === 'POST') return this.signUpAnonymously(request, authError);
    return this.violation(`${request.method} ${url.pathname} is not a GoTrue endpoint the shop uses`);
  }

  /**
   * supabase.auth.signInAnonymously(): POST /auth/v1/signup with neither e-mail, phone nor
   * password (`data` and `gotrue_meta_security` only), answered as GoTrue answers it: a new user
   * (a row of auth.users), is_anonymous, and a session whose JWT has role authenticated. Any other
   * sign-up is a violation: the shop never signs anybody up (spec §5).
   */
  private async signUpAnonymously(request: Request, authError: (status: number, code: string, message: string) => Response): Promise<Response> {
    const body = (await request.json()) as Record<string, unknown>;
    const keys = Object.keys(body).sort().join(',');
    if (keys !== 'data,gotrue_meta_security') return this.violation(`sign-up with ${keys}: the shop only signs in anonymously`);
    if (!this.anonymousSignIns) return authError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
    const createdAt = new Date(this.now()).toISOString();
    const user: TestUser = { id: randomUUID(), email: '', password: '', createdAt, anonymous: true };
    await this.db.query(
      `insert into auth.users (id, aud, role, raw_app_meta_data, created_at, updated_at) values ($1, 'authenticated', 'authenticated', $2, $3, $3)`,
      [user.id, JSON.stringify(appMetadata(user)), createdAt],
      { role: 'postgres' },
    );
    this.anonymousUsers.push(user);
    return json(200, this.session(user), { 'X-Supabase-Api-Version': '2024-01-01' });
  }

  private userJson(user: TestUser) {
    return {
      id: user.id,
      aud: 'authenticated',
      role: 'authenticated',
      email: user.email,
      ...(!user.anonymous && { email_confirmed_at: user.createdAt }),
      phone: '',
      app_metadata: appMetadata(user),
      user_metadata: {},
      identities: [],
      created_at: user.createdAt,
      updated_at: user.createdAt,
      is_anonymous: user.anonymous === true,
    };
  }

  /** A session of `user` as GoTrue answers a sign-in: what supabase-js keeps in the browser's storage. */
  session(user: TestUser) {
    const refreshToken = `refresh-${user.id}-${this.refreshTokens.size + 1}`;
    this.refreshTokens.set(refreshToken, user);
    return {
      access_token: this.accessToken(user),
      token_type: 'bearer',
      expires_in: TOKEN_LIFETIME_S,
      expires_at: Math.floor(this.now() / 1000) + TOKEN_LIFETIME_S,
      refresh_token: refreshToken,
      user: this.userJson(user),
    };
  }

  // ---- Edge Functions -----------------------------------------------------------------------

  private async function(request: Request, url: URL): Promise<Response> {
    const name = /^\/functions\/v1\/([a-z0-9-]+)$/.exec(url.pathname)?.[1];
    const handler = name ? this.options.functions?.[name] : undefined;
    if (!handler) return json(404, { error: 'Function not found' });
    if (request.method !== 'POST') return this.violation(`${request.method} ${url.pathname}: functions.invoke posts`);
    if (!(request.headers.get('content-type') ?? '').startsWith('application/json')) return this.violation('function body is JSON');
    const match = /^Bearer (\S+)$/.exec(request.headers.get('authorization') ?? '');
    const claims = match ? verifyJwt(match[1]!) : null;
    // The Functions relay verifies the JWT before the function runs (verify_jwt).
    if (!claims || claims.exp * 1000 <= this.now()) return json(401, { code: 401, message: 'Invalid JWT' });
    const answer = await handler({ claims, body: await request.json() });
    return json(answer.status, answer.body);
  }
}
