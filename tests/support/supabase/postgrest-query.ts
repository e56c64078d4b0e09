// The part of PostgREST's URL grammar the shop's adapters use, read strictly as PostgREST
// documents it (docs.postgrest.org, « Tables and Views », « Resource Embedding »), and turned
// into the SQL PostgREST would run: the tables' row-level security applies, embedded reads
// included. Anything outside this grammar is refused (PGRST100), so an adapter that drifts from
// the documented forms fails its tests.
import { MAX_ROWS } from './max-rows';

/** The schema's foreign keys, as PostgREST discovers them (supabase/migrations): a view's
 *  relationships are its base tables' (catalogue_products.id is products.id). `on` is given the
 *  name the read's rows go by (the table, the view, or the function whose rows they are). */
type Relation = { table: string; kind: 'to-one' | 'to-many'; on: (self: string) => string };
const RELATIONS: Record<string, Record<string, Relation>> = {
  products: {
    categories: { table: 'categories', kind: 'to-one', on: (self) => `categories.id = ${self}.category_id` },
    product_images: { table: 'product_images', kind: 'to-many', on: (self) => `product_images.product_id = ${self}.id` },
  },
  catalogue_products: {
    product_images: { table: 'product_images', kind: 'to-many', on: (self) => `product_images.product_id = ${self}.id` },
  },
  orders: {
    order_lines: { table: 'order_lines', kind: 'to-many', on: (self) => `order_lines.order_id = ${self}.id` },
  },
  order_lines: {
    orders: { table: 'orders', kind: 'to-one', on: (self) => `orders.id = ${self}.order_id` },
  },
};
/** Tables and views a read may name. */
const TABLES = new Set([
  'products',
  'categories',
  'product_images',
  'newsletter_subscribers',
  'catalogue_products',
  'orders',
  'order_lines',
  'product_price_history',
]);
const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;
const OPERATORS: Record<string, string> = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' };

export class QuerySyntaxError extends Error {}

interface Embed {
  alias: string;
  relation: string;
  inner: boolean;
  columns: string[];
}

interface Select {
  columns: string[];
  embeds: Embed[];
}

function identifier(name: string, what: string): string {
  if (!IDENTIFIER.test(name)) throw new QuerySyntaxError(`${what} "${name}" is not an identifier`);
  return name;
}

/** `select=a,b,alias:rel!inner(c,d),rel2(e)`: top-level columns and one level of embedding. */
function parseSelect(text: string | null): Select {
  if (text === null || text === '') throw new QuerySyntaxError('select is missing: the adapters always name their columns');
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of text) {
    if (char === '(') depth += 1;
    if (char === ')') depth -= 1;
    if (depth < 0) throw new QuerySyntaxError('unbalanced parentheses in select');
    if (char === ',' && depth === 0) {
      parts.push(current);
      current = '';
    } else current += char;
  }
  if (depth !== 0) throw new QuerySyntaxError('unbalanced parentheses in select');
  parts.push(current);
  const select: Select = { columns: [], embeds: [] };
  for (const part of parts) {
    const embed = /^(?:([a-z_][a-z0-9_]*):)?([a-z_][a-z0-9_]*)(!inner)?\(([^()]*)\)$/.exec(part);
    if (embed) {
      const [, alias, relation, inner, columns] = embed;
      select.embeds.push({
        alias: alias ?? relation!,
        relation: relation!,
        inner: inner !== undefined,
        columns: columns!.split(',').map((c) => identifier(c, 'embedded column')),
      });
    } else select.columns.push(identifier(part, 'column'));
  }
  return select;
}

export interface SqlQuery {
  /** The page: one json column `body` per row. */
  sql: string;
  /** The same rows counted, unpaged (`Prefer: count=exact`): one column `total`. */
  countSql: string;
  params: unknown[];
  /** The first row asked (offset), 0 when none. */
  offset: number;
}

/** A set-returning function read as PostgREST reads it (POST /rpc/<name>?select=…). */
export interface FunctionSource {
  /** The call, e.g. `public.catalogue_search(words => $1)`, its arguments in `args`. */
  call: string;
  args: unknown[];
  /** The table or view whose row type the function returns: its relationships apply. */
  returns: string;
}

/**
 * GET /rest/v1/<table>?… (or a set-returning function's rows, `rpc`) as SQL. The page is given
 * by `limit`/`offset` in the query or by a `Range: <first>-<last>` header (`range`), never both.
 */
export function translateRead(table: string, params: URLSearchParams, options: { rpc?: FunctionSource; range?: string | null } = {}): SqlQuery {
  const { rpc } = options;
  if (!rpc && !TABLES.has(table)) throw new QuerySyntaxError(`unknown table ${table}`);
  const resource = rpc ? rpc.returns : table;
  const select = parseSelect(params.get('select'));
  const values: unknown[] = [...(rpc?.args ?? [])];
  const placeholder = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  const embeds = new Map(select.embeds.map((e) => [e.alias, e]));
  const relationOf = (embed: Embed) => {
    const relation = RELATIONS[resource]?.[embed.relation];
    if (!relation) throw new QuerySyntaxError(`no relationship between ${table} and ${embed.relation}`);
    return relation;
  };

  const where: string[] = [];
  const embedFilters = new Map<string, string[]>();
  let order: string[] = [];
  let limit: number | null = null;
  let offset: number | null = null;
  for (const [key, raw] of params) {
    if (key === 'select') continue;
    if (key === 'order') {
      order = raw.split(',').map((term) => {
        const match = /^([a-z_][a-z0-9_]*)\.(asc|desc)(?:\.(nullsfirst|nullslast))?$/.exec(term);
        if (!match) throw new QuerySyntaxError(`order term "${term}" is not column.asc|desc`);
        return `${table}.${match[1]} ${match[2]}${match[3] ? ` ${match[3] === 'nullsfirst' ? 'nulls first' : 'nulls last'}` : ''}`;
      });
      continue;
    }
    if (key === 'limit' || key === 'offset') {
      if (!/^\d+$/.test(raw)) throw new QuerySyntaxError(`${key} must be a whole number`);
      if (key === 'limit') limit = Number(raw);
      else offset = Number(raw);
      continue;
    }
    const list = /^in\.\((.*)\)$/s.exec(raw);
    if (list && !key.includes('.')) {
      // `in.(1,2,3)`: one of these values (PostgREST's « Operators »; supabase-js `.in()` writes no quotes
      // around plain values such as ids).
      const values = list[1] === '' ? [] : list[1]!.split(',');
      if (values.some((value) => /["\\]/.test(value))) throw new QuerySyntaxError(`quoted values in ${key}=${raw} are not read here`);
      where.push(values.length === 0 ? 'false' : `${table}.${identifier(key, 'filtered column')} in (${values.map(placeholder).join(', ')})`);
      continue;
    }
    const filter = /^([a-z]+)\.(.*)$/s.exec(raw);
    const operator = filter ? OPERATORS[filter[1]!] : undefined;
    if (!filter || !operator) throw new QuerySyntaxError(`filter ${key}=${raw} is not <operator>.<value> with eq|neq|gt|gte|lt|lte`);
    const path = key.split('.');
    if (path.length === 1) {
      where.push(`${table}.${identifier(path[0]!, 'filtered column')} ${operator} ${placeholder(filter[2])}`);
    } else if (path.length === 2 && embeds.has(path[0]!)) {
      const embed = embeds.get(path[0]!)!;
      const rel = relationOf(embed);
      const list = embedFilters.get(embed.alias) ?? [];
      list.push(`${rel.table}.${identifier(path[1]!, 'filtered column')} ${operator} ${placeholder(filter[2])}`);
      embedFilters.set(embed.alias, list);
    } else {
      throw new QuerySyntaxError(`filter on "${key}": an embedded filter names an embedded resource of the select`);
    }
  }

  const range = options.range ?? null;
  if (range !== null) {
    if (limit !== null || offset !== null) throw new QuerySyntaxError('a page is asked by Range or by limit/offset, not both');
    const match = /^(\d+)-(\d*)$/.exec(range);
    if (!match) throw new QuerySyntaxError(`Range "${range}" is not <first>-<last>`);
    offset = Number(match[1]);
    if (match[2] !== '') {
      if (Number(match[2]) < offset) throw new QuerySyntaxError(`Range "${range}" ends before it starts`);
      limit = Number(match[2]) - offset + 1;
    }
  }

  // PostgREST's max_rows: never more rows than the project's setting, asked or not.
  limit = Math.min(limit ?? MAX_ROWS, MAX_ROWS);

  const fields = select.columns.map((c) => `'${c}', ${table}.${c}`);
  for (const embed of select.embeds) {
    const rel = relationOf(embed);
    const conditions = [rel.on(table), ...(embedFilters.get(embed.alias) ?? [])].join(' and ');
    const object = `json_build_object(${embed.columns.map((c) => `'${c}', ${rel.table}.${c}`).join(', ')})`;
    fields.push(
      rel.kind === 'to-one'
        ? `'${embed.alias}', (select ${object} from public.${rel.table} where ${conditions})`
        : `'${embed.alias}', coalesce((select json_agg(${object}) from public.${rel.table} where ${conditions}), '[]'::json)`,
    );
    // !inner: only the rows whose embedded resource exists (and passes its filters).
    if (embed.inner) where.push(`exists (select 1 from public.${rel.table} where ${conditions})`);
    else if (embedFilters.has(embed.alias)) {
      throw new QuerySyntaxError(`filtering on ${embed.alias} without !inner filters the embedded rows only: the adapters use !inner`);
    }
  }
  // A function's rows go by the function's name, as PostgREST names them.
  const from = rpc ? `${rpc.call} as ${table}` : `public.${table}`;
  const condition = where.length > 0 ? `where ${where.join(' and ')}` : '';
  const sql = [
    `select json_build_object(${fields.join(', ')}) as body from ${from}`,
    condition,
    order.length > 0 ? `order by ${order.join(', ')}` : '',
    `limit ${limit}`,
    offset !== null ? `offset ${offset}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  const countSql = `select count(*)::int as total from ${from} ${condition}`.trimEnd();
  return { sql, countSql, params: values, offset: offset ?? 0 };
}
