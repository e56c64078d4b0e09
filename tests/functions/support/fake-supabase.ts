import type { IncomingMessage } from 'node:http';
import type { TestCluster, TestRole } from '../../../scripts/db/test-cluster.mjs';
import { serveJson } from './http';
import { verifyJwt } from './jwt';
import { MAX_ROWS } from '../../support/supabase/max-rows';

/** What the function asked of the backend, for the assertions of who it claimed to be. */
export interface SeenRequest {
  method: string;
  path: string;
  search: URLSearchParams;
  apikey: string | undefined;
  authorization: string | undefined;
}

export interface FakeSupabase {
  origin: string;
  seen: SeenRequest[];
  /** Where /functions/v1/<name> is forwarded (the Deno server), as Supabase's gateway does. */
  functionsOrigin: string | null;
  stop(): Promise<void>;
}

const SUBSCRIBER_COLUMNS = new Set(['id', 'email', 'subscribed_at', 'is_active', 'confirmation_sent', 'unsubscribe_token']);
const IDENTIFIER = /^[a-z_]+$/;
/** The card payment's SQL functions (…_card_payments.sql, …_card_refunds.sql): their arguments by name. */
const PAYMENT_RPCS: Record<string, { args: string[]; void?: boolean }> = {
  payable_order: { args: ['number', 'secret'] },
  record_payment_session: { args: ['order_number', 'session_id', 'url', 'amount_cents', 'expires_at'], void: true },
  record_payment_outcome: {
    args: ['event_id', 'event_type', 'session_id', 'order_number', 'outcome', 'amount_cents', 'payment_reference', 'card_last4'],
  },
  claim_payment_refunds: { args: ['max_rows'] },
  settle_payment_refund: { args: ['refund', 'provider_refund_id'], void: true },
};
// Not forwarded by the gateway: fetch has already decoded and measured the body.
const HOP_BY_HOP = new Set(['connection', 'content-length', 'content-encoding', 'transfer-encoding', 'keep-alive']);

const postgrestError = (status: number, code: string, message: string) => ({
  status,
  body: { code, message, details: null, hint: null },
});

/** A PostgreSQL error as PostgREST answers it (42501: 401 for anon, 403 for a signed-in role). */
function sqlFailure(error: unknown, role: TestRole) {
  const { code = 'XX000', message = String(error) } = error as { code?: string; message?: string };
  return postgrestError(code === '42501' ? (role === 'anon' ? 401 : 403) : 400, code, message);
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Supabase's HTTP surface as the function uses it, in the documented shapes: GoTrue's
 * GET /auth/v1/user (the user from auth.users of the real test database: its app_metadata is
 * raw_app_meta_data) and PostgREST's GET /rest/v1/newsletter_subscribers (the query form
 * checked, then run in PostgreSQL under the role of the request's JWT, so row-level security
 * and grants decide what comes back), PATCH of confirmation_sent, and POST /rest/v1/rpc/newsletter_subscribe
 * and /rest/v1/rpc/withdraw_from_order, the queues' claims and settles (QUEUE_RPCS)
 * (the real SQL function, under the request's role). Every JWT, the API keys included, is checked against
 * the project's secret, as Supabase's gateway and GoTrue do.
 */
/** The queues' RPCs a drainer calls: their arguments by name (those sent as jsonb listed), and whether they answer nothing. */
const QUEUE_RPCS: Record<string, { args: readonly string[]; json?: readonly string[]; void?: true }> = {
  push_claim: { args: ['max_rows'] },
  push_settle: { args: ['delivered', 'gone'], void: true },
  order_mails_claim: { args: ['max_rows'] },
  order_mails_settle: { args: ['sent', 'failed'], json: ['failed'], void: true },
};

export async function startFakeSupabase(cluster: TestCluster, jwtSecret: string, now: () => number): Promise<FakeSupabase> {
  const seen: SeenRequest[] = [];
  const fake: FakeSupabase = { origin: '', seen, functionsOrigin: null, stop: async () => {} };

  const bearer = (request: IncomingMessage) => /^Bearer (\S+)$/.exec(header(request, 'authorization') ?? '')?.[1];

  const server = await serveJson(async (request, url, body) => {
    const apikey = header(request, 'apikey');
    seen.push({ method: request.method ?? '', path: url.pathname, search: url.searchParams, apikey, authorization: header(request, 'authorization') });

    if (url.pathname.startsWith('/functions/v1/')) {
      if (!fake.functionsOrigin) return { status: 503, body: { message: 'function not started' } };
      const forwarded = await fetch(`${fake.functionsOrigin}/${url.pathname.slice('/functions/v1/'.length)}`, {
        method: request.method ?? 'GET',
        headers: Object.fromEntries(
          Object.entries(request.headers).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[0] !== 'host'),
        ),
        ...(request.method === 'GET' || request.method === 'HEAD' ? {} : { body }),
      });
      const headers = Object.fromEntries([...forwarded.headers].filter(([name]) => !HOP_BY_HOP.has(name)));
      return { status: forwarded.status, raw: await forwarded.text(), headers };
    }

    // The gateway: no valid project key, no entry.
    if (!apikey || 'refusal' in verifyJwt(apikey, jwtSecret, now())) {
      return { status: 401, body: { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' } };
    }

    if (request.method === 'GET' && url.pathname === '/auth/v1/user') {
      const token = bearer(request);
      if (!token) return { status: 401, body: { code: 401, error_code: 'no_authorization', msg: 'This endpoint requires a Bearer token' } };
      const checked = verifyJwt(token, jwtSecret, now());
      if ('refusal' in checked) return { status: 403, body: { code: 403, error_code: 'bad_jwt', msg: checked.refusal } };
      if (typeof checked.claims.sub !== 'string') {
        return { status: 403, body: { code: 403, error_code: 'bad_jwt', msg: 'invalid claim: missing sub claim' } };
      }
      const [user] = await cluster.query<Record<string, unknown>>(
        `select id, aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at
           from auth.users where id = $1`,
        [checked.claims.sub],
      );
      if (!user) return { status: 403, body: { code: 403, error_code: 'user_not_found', msg: 'User from sub claim in JWT does not exist' } };
      return {
        status: 200,
        body: {
          id: user.id,
          aud: user.aud ?? 'authenticated',
          role: user.role ?? 'authenticated',
          email: user.email,
          email_confirmed_at: user.email_confirmed_at,
          phone: '',
          app_metadata: user.raw_app_meta_data,
          user_metadata: user.raw_user_meta_data,
          identities: [],
          created_at: user.created_at,
          updated_at: user.updated_at,
          is_anonymous: false,
        },
      };
    }

    if (request.method === 'GET' && url.pathname === '/rest/v1/newsletter_subscribers') {
      const token = bearer(request) ?? apikey;
      const checked = verifyJwt(token, jwtSecret, now());
      if ('refusal' in checked) return postgrestError(401, 'PGRST301', 'JWT expired or invalid');
      const role = checked.claims.role as TestRole;
      const profile = header(request, 'accept-profile');
      if (profile !== undefined && profile !== 'public') return postgrestError(406, 'PGRST106', `The schema must be one of the following: public`);

      let columns: string[] = ['*'];
      const where: string[] = [];
      const params: unknown[] = [];
      let order = '';
      // PostgREST's max_rows (supabase/config.toml): never more rows than that, asked or not.
      let limit = MAX_ROWS;
      let offset = 0;
      for (const [key, value] of url.searchParams) {
        if (key === 'select') {
          columns = value.split(',');
          if (!columns.every((c) => SUBSCRIBER_COLUMNS.has(c))) return postgrestError(400, '42703', `column not found in select=${value}`);
        } else if (key === 'order') {
          const terms = value.split(',').map((term) => term.split('.'));
          if (!terms.every(([c, dir]) => c && SUBSCRIBER_COLUMNS.has(c) && (dir === 'asc' || dir === 'desc'))) {
            return postgrestError(400, 'PGRST100', `"failed to parse order (${value})"`);
          }
          order = ` order by ${terms.map(([c, dir]) => `${c} ${dir}`).join(', ')}`;
        } else if ((key === 'limit' || key === 'offset') && /^\d+$/.test(value)) {
          if (key === 'limit') limit = Math.min(Number(value), MAX_ROWS);
          else offset = Number(value);
        } else if (SUBSCRIBER_COLUMNS.has(key) && IDENTIFIER.test(key) && /^eq\.(true|false)$/.test(value)) {
          where.push(`${key} = ${value.slice(3)}`);
        } else if ((key === 'email' || key === 'id') && value.startsWith('eq.')) {
          params.push(value.slice(3));
          where.push(`${key} = $${params.length}`);
        } else {
          return postgrestError(400, 'PGRST100', `"failed to parse filter (${key}=${value})" (unexpected by this fake)`);
        }
      }
      const sql = `select ${columns.join(', ')} from public.newsletter_subscribers${where.length ? ` where ${where.join(' and ')}` : ''}${order} limit ${limit} offset ${offset}`;
      try {
        const rows = await cluster.query(sql, params, { role, claims: checked.claims });
        return { status: 200, body: rows, headers: { 'Content-Range': rows.length ? `${offset}-${offset + rows.length - 1}/*` : '*/*' } };
      } catch (error) {
        return sqlFailure(error, role);
      }
    }

    // PostgREST's RPC (POST, JSON arguments by name), run under the role of the request's JWT.
    if (request.method === 'POST' && url.pathname === '/rest/v1/rpc/newsletter_subscribe') {
      const checked = verifyJwt(bearer(request) ?? apikey, jwtSecret, now());
      if ('refusal' in checked) return postgrestError(401, 'PGRST301', 'JWT expired or invalid');
      const role = checked.claims.role as TestRole;
      if ((header(request, 'content-profile') ?? 'public') !== 'public')
        return postgrestError(406, 'PGRST106', 'The schema must be one of the following: public');
      const args = JSON.parse(body || '{}') as Record<string, unknown>;
      if (Object.keys(args).join(',') !== 'email') {
        return postgrestError(404, 'PGRST202', `Could not find the function public.newsletter_subscribe(${Object.keys(args).join(', ')}) in the schema cache`);
      }
      try {
        const [row] = await cluster.query<{ body: unknown }>('select public.newsletter_subscribe(email => $1) as body', [args.email], {
          role,
          claims: checked.claims,
        });
        return { status: 200, body: row!.body };
      } catch (error) {
        return sqlFailure(error, role);
      }
    }

    // withdraw-from-order's RPC, as the caller (the arguments by name).
    if (request.method === 'POST' && url.pathname === '/rest/v1/rpc/withdraw_from_order') {
      const checked = verifyJwt(bearer(request) ?? apikey, jwtSecret, now());
      if ('refusal' in checked) return postgrestError(401, 'PGRST301', 'JWT expired or invalid');
      const role = checked.claims.role as TestRole;
      const args = JSON.parse(body || '{}') as Record<string, unknown>;
      if (Object.keys(args).sort().join(',') !== 'lines,number,secret') {
        return postgrestError(404, 'PGRST202', `Could not find the function public.withdraw_from_order(${Object.keys(args).join(', ')}) in the schema cache`);
      }
      try {
        const [row] = await cluster.query<{ body: unknown }>(
          'select public.withdraw_from_order(number => $1, secret => $2, lines => $3) as body',
          [args.number, args.secret, JSON.stringify(args.lines)],
          {
            role,
            claims: checked.claims,
          },
        );
        return { status: 200, body: row!.body };
      } catch (error) {
        return sqlFailure(error, role);
      }
    }

    // The queue drainers' RPCs, with the service role (the arguments by name, as PostgREST
    // matches a function; the settles are void: 204): send-push's and send-order-mails'.
    const drainer = QUEUE_RPCS[url.pathname.slice('/rest/v1/rpc/'.length)];
    if (request.method === 'POST' && url.pathname.startsWith('/rest/v1/rpc/') && drainer) {
      const checked = verifyJwt(bearer(request) ?? apikey, jwtSecret, now());
      if ('refusal' in checked) return postgrestError(401, 'PGRST301', 'JWT expired or invalid');
      const role = checked.claims.role as TestRole;
      const args = JSON.parse(body || '{}') as Record<string, unknown>;
      if (Object.keys(args).sort().join(',') !== [...drainer.args].sort().join(',')) {
        return postgrestError(
          404,
          'PGRST202',
          `Could not find the function public.${url.pathname.slice(13)}(${Object.keys(args).join(', ')}) in the schema cache`,
        );
      }
      const call = `public.${url.pathname.slice(13)}(${drainer.args.map((name, i) => `${name} => $${i + 1}`).join(', ')})`;
      const values = drainer.args.map((name) => (drainer.json?.includes(name) ? JSON.stringify(args[name]) : args[name]));
      try {
        if (drainer.void) {
          await cluster.query(`select ${call}`, values, { role, claims: checked.claims });
          return { status: 204, raw: '' };
        }
        const [row] = await cluster.query<{ body: unknown }>(`select ${call} as body`, values, { role, claims: checked.claims });
        return { status: 200, body: row!.body };
      } catch (error) {
        return sqlFailure(error, role);
      }
    }

    // The card payment's RPCs (arguments by name; record_payment_session is void: 204), under the
    // request's role: payable_order as the buyer, the two others with the service role.
    const rpc = url.pathname.slice('/rest/v1/rpc/'.length);
    const payment = url.pathname.startsWith('/rest/v1/rpc/') && Object.hasOwn(PAYMENT_RPCS, rpc) ? PAYMENT_RPCS[rpc] : undefined;
    if (request.method === 'POST' && payment) {
      const checked = verifyJwt(bearer(request) ?? apikey, jwtSecret, now());
      if ('refusal' in checked) return postgrestError(401, 'PGRST301', 'JWT expired or invalid');
      const role = checked.claims.role as TestRole;
      const name = rpc;
      const args = JSON.parse(body || '{}') as Record<string, unknown>;
      if (Object.keys(args).sort().join(',') !== [...payment.args].sort().join(',')) {
        return postgrestError(404, 'PGRST202', `Could not find the function public.${name}(${Object.keys(args).join(', ')}) in the schema cache`);
      }
      try {
        const named = payment.args.map((arg, i) => `${arg} => $${i + 1}`).join(', ');
        const [row] = await cluster.query<{ body: unknown }>(
          `select public.${name}(${named}) as body`,
          payment.args.map((arg) => args[arg]),
          { role, claims: checked.claims },
        );
        return payment.void ? { status: 204, raw: '' } : { status: 200, body: row!.body };
      } catch (error) {
        return sqlFailure(error, role);
      }
    }

    // PostgREST's PATCH: one column set, on the row named by id=eq.<uuid>.
    if (request.method === 'PATCH' && url.pathname === '/rest/v1/newsletter_subscribers') {
      const checked = verifyJwt(bearer(request) ?? apikey, jwtSecret, now());
      if ('refusal' in checked) return postgrestError(401, 'PGRST301', 'JWT expired or invalid');
      const role = checked.claims.role as TestRole;
      const id = url.searchParams.get('id');
      const changes = JSON.parse(body) as Record<string, unknown>;
      if ([...url.searchParams.keys()].join(',') !== 'id' || !id?.startsWith('eq.') || JSON.stringify(changes) !== '{"confirmation_sent":true}') {
        return postgrestError(400, 'PGRST100', `"unexpected update ${url.search} ${body}" (unexpected by this fake)`);
      }
      try {
        await cluster.query('update public.newsletter_subscribers set confirmation_sent = true where id = $1', [id.slice(3)], {
          role,
          claims: checked.claims,
        });
        return { status: 204, raw: '' };
      } catch (error) {
        return sqlFailure(error, role);
      }
    }

    return { status: 404, body: { message: `no route ${request.method} ${url.pathname} in the fake` } };
  });

  fake.origin = server.origin;
  fake.stop = server.stop;
  return fake;
}
