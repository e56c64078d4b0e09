-- The catalogue at 100,000 products: a search ranked from an index of its words, and the newest
-- first read from one index (issue 28, after 20261127030000).
--
-- 1. Each word of each published product, one row in product_terms.
--
-- catalogue_search_top ranked a search's hits in product_words: for a word 2,800 of 100,000
-- products share, 2,800 rows of product_words read (each on a page of its own, with its whole
-- tsvector), and six text-search matches computed on each, to keep 20. product_terms holds, for
-- each published product and each word of its name, tags or description (the lexemes of its
-- product_words.words), the fields the word is in (`fields`: name 128, tags 64, description 16,
-- the word's exact weights in the relevance), the product's creation date and its category. Its
-- index (term, fields desc, created_at desc, product_id) include (category_id) holds everything a
-- search reads, without a visit to the table (index-only scans):
-- - a search of one word whose hits bear one word of the lexicon (« theiere »: only « theiere »
--   starts with it; « theire »: no word starts with it, one is one letter away) is that term's
--   rows in the index's order, relevance then date: its first 20 are the index's first 20 rows;
-- - otherwise, a word's hits are one range of the index (the words that start with it, in the
--   "C" order) and one value per close word (one letter away, catalogue_close_words), grouped by
--   product: `e`, the fields of the words that start with it, `n`, those of its close words; its
--   relevance is e + ((n & ~e) >> 4) (a close word weighs 16 times less, and counts only in a
--   field where no exact word is) + 32 or 2 when the product's category matches it exactly or
--   closely: the same sum as 20261126182000's expression. A word that matches a category keeps a
--   product found otherwise when it is in that category; when every word matches a category,
--   the candidates are the first word's categories' products and its hits;
-- - two words or more that match no category are intersected by product_words' GIN index, whose
--   bitmaps intersect thousands of hits per word faster than a join of their terms, and ranked on
--   the rows it finds, as 20261127030000 did; a word is asked of it as the words of the lexicon
--   that start with it when they are 50 or fewer ('lin' | 'linge' rather than 'lin':*: a prefix
--   query reads every entry of the index that starts with it, several times slower).
--
-- The trigger that writes product_words (products_learn_words, restated) writes product_terms
-- too, when a name, tags, description, category, publication or creation date is written: never
-- on a stock or price update (place_order). A product deleted takes its terms with it
-- (products_forget_terms). No role of the API reads or writes it: the search functions do.
--
-- 2. A search in relevance order with a price, stock, promotion or ids filter is a page too:
-- catalogue_search_page_filtered ranks the hits (catalogue_search_ranked: ids, relevance and
-- date), then reads the products in that order, each checked against the filters, until the
-- page's rows and their ties are found. Before, such a search read catalogue_search whole: every
-- hit joined to its product row, and PostgREST sorted them all.
--
-- 3. The newest first, deep in the list: products_published_newest_idx holds the page's whole
-- order (date, folded name, name, id) and the category the view joins, so the rows skipped are
-- read from the index alone, in order, where products_published_created_idx gave the date only
-- (each row read from the table, then sorted by name within a date).
--
-- Restated here: products_learn_words (as 20261127030000, writing product_terms too),
-- catalogue_search_top (as 20261127030000, the same answers, through catalogue_search_ranked),
-- catalogue_search_page (the same rows, through catalogue_search_page_filtered).

-- ── 1. product_terms ───────────────────────────────────────────────────────────────────────
create table public.product_terms (
  term text collate "C" not null,
  fields smallint not null check (fields > 0 and fields & ~(128 + 64 + 16)::smallint = 0),
  created_at timestamptz not null,
  product_id bigint not null,
  category_id bigint not null,
  primary key (product_id, term)
);
alter table public.product_terms enable row level security;
revoke all on table public.product_terms from anon, authenticated, service_role;

-- A word's fields as product_words.words holds them: name A, tags B, description D.
create function public.catalogue_term_fields(weights text[]) returns smallint
  language sql
  immutable
  strict
  parallel safe
  set search_path = ''
as $$
  select ((case when 'A' = any(weights) then 128 else 0 end) + (case when 'B' = any(weights) then 64 else 0 end)
          + (case when 'D' = any(weights) then 16 else 0 end))::smallint
$$;
revoke execute on function public.catalogue_term_fields(text[]) from public, anon, authenticated, service_role;

insert into public.product_terms (term, fields, created_at, product_id, category_id)
select l.lexeme, public.catalogue_term_fields(l.weights), w.created_at, w.product_id, w.category_id
from public.product_words w, pg_catalog.unnest(w.words) as l
where w.is_published;

create index product_terms_ranked_idx on public.product_terms (term, fields desc, created_at desc, product_id) include (category_id);

create or replace function public.products_learn_words() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  vector tsvector := public.catalogue_words_vector(new.search_name, 'A') || public.catalogue_words_vector(new.search_tags, 'B')
                     || public.catalogue_words_vector(new.search_description, 'D');
begin
  perform public.catalogue_learn_words(new.search_name || new.search_tags || new.search_description);
  insert into public.product_words (product_id, category_id, is_published, created_at, words)
  values (new.id, new.category_id, new.is_published, new.created_at, vector)
  on conflict (product_id) do update
    set category_id = excluded.category_id, is_published = excluded.is_published, created_at = excluded.created_at,
        words = excluded.words;
  if tg_op = 'UPDATE' then
    delete from public.product_terms t where t.product_id = new.id;
  end if;
  if new.is_published then
    insert into public.product_terms (term, fields, created_at, product_id, category_id)
    select l.lexeme, public.catalogue_term_fields(l.weights), new.created_at, new.id, new.category_id
    from pg_catalog.unnest(vector) as l;
  end if;
  return null;
end;
$$;

create function public.products_forget_terms() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  delete from public.product_terms t where t.product_id = old.id;
  return null;
end;
$$;
revoke execute on function public.products_forget_terms() from public, anon, authenticated, service_role;
create trigger products_forget_terms after delete on public.products
  for each row execute function public.products_forget_terms();

-- ── 1. The hits of a search, ranked from product_terms ─────────────────────────────────────
-- Every published product that matches every word, with its relevance and creation date; in
-- `category` (a slug) when given; when `top` is given, the `top` first by relevance then newest
-- with their ties (`ranked`), or any `top` of them, relevance 0 (not `ranked`: what a count needs).
-- Two words or more that match no category are intersected by the GIN index of product_words
-- (its bitmaps intersect thousands of hits per word faster than a join of their terms), and
-- ranked on the rows it finds, as 20261127030000 did; any other search is ranked from
-- product_terms. Both give the same relevance.
create function public.catalogue_search_ranked(words text[], category text, top integer, ranked boolean)
  returns table (id bigint, relevance int, created_at timestamptz)
  language plpgsql
  stable
  security definer
  set search_path = ''
as $$
declare
  w text;
  k int := 0;
  close text[];
  exact_cats bigint[];
  near_cats bigint[];
  category_key bigint;
  in_category text := '';
  -- Ranked from product_terms: each word's hits (h1, h2 …), relevance, joins and conditions.
  hits text[] := '{}';
  scores text[] := '{}';
  joins text[] := '{}';
  conditions text[] := '{}';
  first_cats bigint[];
  driving int := 0;
  source text;
  -- Ranked in product_words (two driving words or more): relevance, GIN query, conditions.
  vector_scores text[] := '{}';
  indexed tsquery;
  found text[] := '{}';
  either tsquery;
  -- A search of one word whose hits all bear one word of the lexicon: that word, exact or close.
  lead text[];
  starting text[];
  listed boolean;
  only_term text;
  only_exact boolean;
begin
  -- Oversized calls first (catalogue_search's refusal too): the shop's search box sends a few words.
  if pg_catalog.cardinality(catalogue_search_ranked.words) > 20
     or (select pg_catalog.sum(pg_catalog.char_length(x.word)) from pg_catalog.unnest(catalogue_search_ranked.words) as x (word)) > 200 then
    raise exception using
      errcode = 'CM006',
      message = U&'Recherche trop longue\00A0: 20 mots et 200 caract\00E8res au plus.',
      detail = '{"field": "words"}';
  end if;
  if category is not null then
    category_key := coalesce((select c.id from public.categories c where c.slug = catalogue_search_ranked.category), 0);
    in_category := pg_catalog.format(' and t.category_id = %s', category_key);
  end if;
  foreach w in array coalesce(words, '{}') loop
    continue when w = '';
    k := k + 1;
    close := public.catalogue_close_words(w);
    select coalesce(pg_catalog.array_agg(c.id) filter (where pg_catalog.strpos(c.search_name, ' ' || w) > 0), '{}'),
           coalesce(pg_catalog.array_agg(c.id) filter (where pg_catalog.strpos(c.search_name, ' ' || w) = 0
             and pg_catalog.string_to_array(pg_catalog.btrim(c.search_name), ' ') operator(pg_catalog.&&) close), '{}')
      into exact_cats, near_cats
      from public.categories c;
    -- The word's hits, one row a product: the fields of the words that start with it (one range
    -- of the index, in the "C" order: from the word to the word followed by the last code point)
    -- and those of its close words (each one value of the index).
    hits := hits || pg_catalog.format(
      'h%1$s as (select x.product_id as id, x.category_id as c, x.created_at as at,'
      || ' coalesce(pg_catalog.bit_or(x.fields) filter (where x.exact), 0)::int as e,'
      || ' coalesce(pg_catalog.bit_or(x.fields) filter (where not x.exact), 0)::int as n'
      || ' from (select t.product_id, t.category_id, t.created_at, t.fields, true as exact from public.product_terms t'
      || ' where t.term >= %2$L and t.term < %3$L%5$s'
      || ' union all select t.product_id, t.category_id, t.created_at, t.fields, false from public.product_terms t'
      || ' where t.term = any(%4$L::text[])%5$s) as x group by x.product_id, x.category_id, x.created_at)',
      k, w, w || pg_catalog.chr(1114111), close, in_category);
    scores := scores || pg_catalog.format(
      '(coalesce(h%1$s.e, 0) + ((coalesce(h%1$s.n, 0) & ~coalesce(h%1$s.e, 0)) >> 4)'
      || ' + case when b.c = any(%2$L::bigint[]) then 32 when b.c = any(%3$L::bigint[]) then 2 else 0 end)',
      k, exact_cats, near_cats);
    -- The same relevance on product_words' vector v (as 20261127030000): the word's prefix in the
    -- name (A), tags (B), description (D), else its close words there.
    -- The words of the lexicon that start with it: 50 at most are asked of the GIN index by name
    -- (a prefix query reads each entry that starts with it, several times slower), more by prefix.
    select pg_catalog.array_agg(x.word) into starting
      from (select l.word from public.catalogue_words l
             where l.word >= w and l.word < w || pg_catalog.chr(1114111) order by l.word limit 51) as x;
    listed := pg_catalog.cardinality(starting) between 1 and 50;
    vector_scores := vector_scores || pg_catalog.format(
      '(case when v @@ %1$L::tsquery then 128 when %4$s then 8 else 0 end'
      || ' + case when v @@ %2$L::tsquery then 64 when %5$s then 4 else 0 end'
      || ' + case when c = any(%7$L::bigint[]) then 32 when c = any(%8$L::bigint[]) then 2 else 0 end'
      || ' + case when v @@ %3$L::tsquery then 16 when %6$s then 1 else 0 end)',
      case when listed then public.catalogue_query(starting, false, 'A') else public.catalogue_query(array[w], true, 'A') end,
      case when listed then public.catalogue_query(starting, false, 'B') else public.catalogue_query(array[w], true, 'B') end,
      case when listed then public.catalogue_query(starting, false, 'D') else public.catalogue_query(array[w], true, 'D') end,
      case when pg_catalog.cardinality(close) = 0 then 'false'
           else pg_catalog.format('v @@ %L::tsquery', public.catalogue_query(close, false, 'A')) end,
      case when pg_catalog.cardinality(close) = 0 then 'false'
           else pg_catalog.format('v @@ %L::tsquery', public.catalogue_query(close, false, 'B')) end,
      case when pg_catalog.cardinality(close) = 0 then 'false'
           else pg_catalog.format('v @@ %L::tsquery', public.catalogue_query(close, false, 'D')) end, exact_cats, near_cats);
    either := case when listed then public.catalogue_query(starting, false, '') else public.catalogue_query(array[w], true, '') end;
    if pg_catalog.cardinality(close) > 0 then
      either := either operator(pg_catalog.||) public.catalogue_query(close, false, '');
    end if;
    if pg_catalog.cardinality(exact_cats) + pg_catalog.cardinality(near_cats) = 0 then
      -- A word that matches no category must be among the product's own words: its hits are
      -- joined (the first such word drives), and it is in the conjunction asked of the GIN index.
      driving := driving + 1;
      if driving = 1 then lead := starting; end if;
      indexed := case when indexed is null then either else indexed operator(pg_catalog.&&) either end;
      if driving = 1 then
        source := pg_catalog.format('h%s as b', k);
        scores[k] := pg_catalog.replace(scores[k], pg_catalog.format('h%s.', k), 'b.');
      else
        joins := joins || pg_catalog.format('join h%1$s on h%1$s.id = b.id', k);
      end if;
    else
      -- In a category it matches, or among the product's words.
      joins := joins || pg_catalog.format('left join h%1$s on h%1$s.id = b.id', k);
      conditions := conditions || pg_catalog.format('(h%1$s.id is not null or b.c = any(%2$L::bigint[]))', k, exact_cats || near_cats);
      found := found || pg_catalog.format('(v @@ %L::tsquery or c = any(%L::bigint[]))', either, exact_cats || near_cats);
      if first_cats is null then first_cats := exact_cats || near_cats; end if;
    end if;
  end loop;
  if k = 0 then
    return query select p.id, 0, p.created_at from public.products p
      where p.is_published and (category_key is null or p.category_id = category_key)
      order by p.created_at desc limit top;
    return;
  end if;
  if k = 1 and driving = 1 then
    -- One word, found in the products' words only: when the words that start with it and its
    -- close words are one word of the lexicon, its hits are that term's rows of the index, in
    -- the order of relevance then date: the first `top` are the index's first rows. (`close`
    -- is still the word's.)
    starting := lead;
    if starting is null and pg_catalog.cardinality(close) = 1 then
      only_term := close[1];
      only_exact := false;
    elsif pg_catalog.cardinality(starting) = 1 and (pg_catalog.cardinality(close) = 0 or close = starting) then
      only_term := starting[1];
      only_exact := true;
    end if;
    if only_term is not null then
      if ranked or top is null then
        return query select t.product_id, case when only_exact then t.fields::int else t.fields::int >> 4 end, t.created_at
          from public.product_terms t
          where t.term = only_term and (category_key is null or t.category_id = category_key)
          order by t.fields desc, t.created_at desc
          fetch first coalesce(top, 2147483647) rows with ties;
      else
        return query select t.product_id, 0, t.created_at
          from public.product_terms t
          where t.term = only_term and (category_key is null or t.category_id = category_key)
          limit top;
      end if;
      return;
    end if;
  end if;
  if driving >= 2 then
    return query execute pg_catalog.format(
      'select id, r, at from (select m.id, (%s)::int as r, m.at from (select s.product_id as id, s.words as v, s.category_id as c, s.created_at as at'
      || ' from public.product_words s where s.is_published and s.words operator(pg_catalog.@@) %L::tsquery%s) as m where %s) as ranked'
      || case when top is null then '' when ranked then ' order by r desc, at desc fetch first %s rows with ties' else ' limit %s' end,
      case when ranked then pg_catalog.array_to_string(vector_scores, ' + ') else '0' end,
      indexed,
      case when category_key is null then '' else pg_catalog.format(' and s.category_id = %s', category_key) end,
      case when pg_catalog.cardinality(found) = 0 then 'true' else pg_catalog.array_to_string(found, ' and ') end,
      top);
    return;
  end if;
  if driving = 0 then
    -- Every word matches a category: the candidates are the first one's categories' products
    -- (within `category`) and the products that have the word (left-joined as h1, not driving).
    source := pg_catalog.format(
      '(select p.id, p.category_id as c, p.created_at as at from public.products p where p.is_published and p.category_id = any(%L::bigint[])%s'
      || ' union select h1.id, h1.c, h1.at from h1) as b',
      first_cats, case when category_key is null then '' else pg_catalog.format(' and p.category_id = %s', category_key) end);
  end if;
  return query execute pg_catalog.format(
    'with %s select id, r, at from (select b.id, (%s)::int as r, b.at from %s %s where %s) as ranked'
    || case when top is null then '' when ranked then ' order by r desc, at desc fetch first %s rows with ties' else ' limit %s' end,
    pg_catalog.array_to_string(hits, ', '),
    case when ranked then pg_catalog.array_to_string(scores, ' + ') else '0' end,
    source,
    pg_catalog.array_to_string(joins, ' '),
    case when pg_catalog.cardinality(conditions) = 0 then 'true' else pg_catalog.array_to_string(conditions, ' and ') end,
    top);
end;
$$;
revoke execute on function public.catalogue_search_ranked(text[], text, integer, boolean) from public, anon, authenticated, service_role;
grant execute on function public.catalogue_search_ranked(text[], text, integer, boolean) to anon, authenticated, service_role;

-- As 20261127030000 (the same answers), ranked by catalogue_search_ranked.
create or replace function public.catalogue_search_top(words text[], category text, top integer, ranked boolean) returns table (id bigint, relevance int)
  language sql
  stable
  security definer
  set search_path = ''
as $$
  select r.id, r.relevance from public.catalogue_search_ranked(catalogue_search_top.words, catalogue_search_top.category,
                                                               catalogue_search_top.top, catalogue_search_top.ranked) as r
$$;

-- ── 2. A page of a search in relevance order, with the shop's filters ──────────────────────
-- The view's rows (as catalogue_search returns them) under the caller's rights and row-level
-- security, sorted as the shop sorts by relevance, `page_limit` rows from `page_offset`. With no
-- filter but the category, the first page_offset + page_limit hits and their ties are ranked in
-- product_terms and joined alone; with others, every hit is ranked there, then their products
-- are read in that order, each checked, until page_offset + page_limit of them and their ties
-- pass the filters.
create function public.catalogue_search_page_filtered(
  words text[],
  category text,
  min_price numeric,
  max_price numeric,
  in_stock_only boolean,
  max_stock integer,
  on_sale_only boolean,
  ids bigint[],
  page_offset integer,
  page_limit integer
) returns setof public.catalogue_products
  language plpgsql
  stable
  set search_path = ''
as $$
declare
  top integer;
begin
  if page_offset is null or page_offset < 0 or page_limit is null or page_limit < 0 then
    raise exception using errcode = '22023', message = 'page_offset and page_limit: 0 or more';
  end if;
  top := page_offset + page_limit;
  if min_price is null and max_price is null and not coalesce(in_stock_only, false) and max_stock is null
     and not coalesce(on_sale_only, false) and ids is null then
    return query
    select v.id, v.slug, v.name, v.description, v.price, v.original_price, v.stock, v.tags, v.created_at,
           v.category_slug, v.discount_percent, v.on_sale, v.search_name, v.search_tags, v.search_description,
           v.category_search_name, t.relevance, v.vat_rate
    from public.catalogue_search_ranked(words, category, top, true) as t
    join public.catalogue_products v on v.id = t.id
    order by t.relevance desc, v.created_at desc, v.search_name, v.name, v.id
    offset page_offset limit page_limit;
    return;
  end if;
  return query
  select f.id, f.slug, f.name, f.description, f.price, f.original_price, f.stock, f.tags, f.created_at,
         f.category_slug, f.discount_percent, f.on_sale, f.search_name, f.search_tags, f.search_description,
         f.category_search_name, f.relevance, f.vat_rate
  from (
    select v.id, v.slug, v.name, v.description, v.price, v.original_price, v.stock, v.tags, v.created_at,
           v.category_slug, v.discount_percent, v.on_sale, v.search_name, v.search_tags, v.search_description,
           v.category_search_name, t.relevance, v.vat_rate
    from (select r.id, r.relevance, r.created_at from public.catalogue_search_ranked(words, category, null, true) as r
          order by r.relevance desc, r.created_at desc) as t
    cross join lateral (
      select v.* from public.catalogue_products v
      where v.id = t.id
        and (min_price is null or v.price >= min_price)
        and (max_price is null or v.price <= max_price)
        and (not coalesce(in_stock_only, false) or v.stock > 0)
        and (max_stock is null or v.stock <= max_stock)
        and (not coalesce(on_sale_only, false) or v.on_sale)
        and (ids is null or v.id = any(ids))
    ) as v
    order by t.relevance desc, t.created_at desc
    fetch first top rows with ties
  ) as f
  order by f.relevance desc, f.created_at desc, f.search_name, f.name, f.id
  offset page_offset limit page_limit;
end;
$$;
revoke execute on function public.catalogue_search_page_filtered(text[], text, numeric, numeric, boolean, integer, boolean, bigint[], integer, integer)
  from public, anon, authenticated, service_role;
grant execute on function public.catalogue_search_page_filtered(text[], text, numeric, numeric, boolean, integer, boolean, bigint[], integer, integer)
  to anon, authenticated, service_role;

-- As 20261127030000 (the same rows), through catalogue_search_page_filtered.
create or replace function public.catalogue_search_page(words text[], category text, page_offset integer, page_limit integer)
  returns setof public.catalogue_products
  language sql
  stable
  set search_path = ''
as $$
  select * from public.catalogue_search_page_filtered(catalogue_search_page.words, catalogue_search_page.category, null, null, false, null,
                                                      false, null, catalogue_search_page.page_offset, catalogue_search_page.page_limit)
$$;

-- ── 3. The newest first: the page's order in one index ─────────────────────────────────────
create index products_published_newest_idx on public.products
  (created_at desc, (search_name collate "C"), (name collate "fr-x-icu"), id) include (category_id) where is_published;
