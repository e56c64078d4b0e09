import type { PostgrestError } from '@supabase/supabase-js';

/** Rows asked per request: PostgREST's max_rows on the project (supabase/config.toml, [api] max_rows). */
const PAGE_ROWS = 1000;

type PageRead<Row> = PromiseLike<{ data: Row[] | null; error: PostgrestError | null; status: number; count: number | null }>;

/**
 * Every row of a list read, page after page. PostgREST answers at most max_rows rows a request,
 * whatever the request asks, so a single read stops without a word at the 1,000th row.
 * `read(from, to)` asks rows `from` to `to` of one total order (ties broken by a unique column),
 * with `count: 'exact'`: the reading ends once it holds that many rows (one request when they fit
 * in a page), or at the first empty page, whatever max_rows the project sets.
 */
export async function readAllPages<Row>(
  read: (from: number, to: number) => PageRead<Row>,
): Promise<{ rows: Row[] } | { error: PostgrestError; status: number }> {
  const rows: Row[] = [];
  for (;;) {
    const { data, error, status, count } = await read(rows.length, rows.length + PAGE_ROWS - 1);
    if (error) return { error, status };
    if (!data || data.length === 0) return { rows };
    rows.push(...data);
    if (count !== null && rows.length >= count) return { rows };
  }
}
