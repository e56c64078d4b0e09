-- The catalogue at 100,000 products: a search's page ranked among the words alone, and counts
-- that stop at a bound (issue 28, after 20261127020000).
--
-- 1. A search's page ranked among the words alone.
--
-- A search by relevance read every match twice: catalogue_search_hits ranked them in
-- product_words, then catalogue_search joined each to its product row, and PostgREST sorted them
-- all for a page of 20: for a word 2,800 of 100,000 products share, 2,800 product rows read and
-- sorted to show 20. The page's order is relevance, then the newest first, then the folded name,
-- the name and the id; product_words now keeps each product's created_at, so the first two are
-- decided there: catalogue_search_top ranks the hits in product_words and keeps the first
-- `top` with every row tied with the last of them (FETCH FIRST … WITH TIES), and only those are
-- joined to their products, sorted in full and cut to the page by catalogue_search_page.
--
-- catalogue_search_page(words, category, page_offset, page_limit) is what the shop asks for a
-- search in relevance order with at most a category (src/adapters/supabase/supabase-catalogue.ts); other
-- filters and sorts still read catalogue_search, whose rows PostgREST filters and sorts.
-- catalogue_search_hits is now catalogue_search_top with no category and no cut: one body.
--
-- 2. The catalogue's counts stop at a bound.
--
-- The shop read each page's count with PostgREST's count=exact: the whole filtered set counted
-- for every page, 600 ms for a search that 2,800 of 100,000 products match before the search was
-- indexed, still 20 to 30 ms after. A shopper is told « 1 234 produits » up to a bound and « plus
-- de 1 000 produits » beyond it (COUNT_BOUND in src/domain/catalogue/catalogue-query.ts): the
-- count needs to read no more than the bound's rows plus one.
--
-- catalogue_count takes the shop's filters (the same as the adapter's page request, see
-- src/adapters/supabase/supabase-catalogue.ts) and up_to, and answers how many published
-- products match, counting at most up_to + 1 of them. It runs with the caller's rights over the
-- view catalogue_products (security invoker: row-level security applies as to the page), and an
-- oversized search is refused as catalogue_search refuses it (CM006, by catalogue_search_hits).
-- The statement is written for the filters given (format with only those), so each call is
-- planned for what it asks: a category count reads the category's index; a search with no
-- filter but its category is counted in product_words alone, up_to + 1 hits at most
-- (catalogue_search_top, not ranked), and with other filters its hits are joined to the view.
--
-- Restated here: products_learn_words (as 20261126190000, writing created_at too, and its
-- trigger on created_at), catalogue_search_hits (as 20261126190000, through
-- catalogue_search_top).

-- ── product_words.created_at, kept by the trigger that writes the words ────────────────────
alter table public.product_words add column created_at timestamptz;
update public.product_words w set created_at = p.created_at from public.products p where p.id = w.product_id;
alter table public.product_words alter column created_at set not null;

create or replace function public.products_learn_words() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  perform public.catalogue_learn_words(new.search_name || new.search_tags || new.search_description);
  insert into public.product_words (product_id, category_id, is_published, created_at, words)
  values (new.id, new.category_id, new.is_published, new.created_at,
          public.catalogue_words_vector(new.search_name, 'A') || public.catalogue_words_vector(new.search_tags, 'B')
          || public.catalogue_words_vector(new.search_description, 'D'))
  on conflict (product_id) do update
    set category_id = excluded.category_id, is_published = excluded.is_published, created_at = excluded.created_at,
        words = excluded.words;
  return null;
end;
$$;
drop trigger products_learn_words on public.products;
create trigger products_learn_words after insert or update of name, tags, description, category_id, is_published, created_at on public.products
  for each row execute function public.products_learn_words();

-- ── catalogue_search_top: as catalogue_search_hits (20261126190000), ranked and cut ───────
-- The published products that match every word, with their relevance; in `category` (a slug)
-- when given; when `top` is given, only the `top` first by relevance then newest, with their
-- ties. Not `ranked`: any `top` of them, relevance 0, read no further (what a count needs).
create function public.catalogue_search_top(words text[], category text, top integer, ranked boolean) returns table (id bigint, relevance int)
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
  queries tsquery[] := '{}';
  terms text[] := '{}';
  found text[] := '{}';
  indexed tsquery;
  either tsquery;
  q int;
  category_key bigint;
begin
  -- Oversized calls first (catalogue_search's refusal too): the shop's search box sends a few words.
  if pg_catalog.cardinality(catalogue_search_top.words) > 20
     or (select pg_catalog.sum(pg_catalog.char_length(x.word)) from pg_catalog.unnest(catalogue_search_top.words) as x (word)) > 200 then
    raise exception using
      errcode = 'CM006',
      message = U&'Recherche trop longue\00A0: 20 mots et 200 caract\00E8res au plus.',
      detail = '{"field": "words"}';
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
    -- $n: the word's prefix in the name (A), tags (B), description (D); then its close words.
    q := pg_catalog.cardinality(queries);
    queries := queries || public.catalogue_query(array[w], true, 'A') || public.catalogue_query(array[w], true, 'B')
                       || public.catalogue_query(array[w], true, 'D');
    if pg_catalog.cardinality(close) > 0 then
      queries := queries || public.catalogue_query(close, false, 'A') || public.catalogue_query(close, false, 'B')
                         || public.catalogue_query(close, false, 'D');
      terms := terms || pg_catalog.format(
        '(case when v @@ $%1$s then 128 when v @@ $%4$s then 8 else 0 end'
        || ' + case when v @@ $%2$s then 64 when v @@ $%5$s then 4 else 0 end'
        || ' + case when c = any(%7$L::bigint[]) then 32 when c = any(%8$L::bigint[]) then 2 else 0 end'
        || ' + case when v @@ $%3$s then 16 when v @@ $%6$s then 1 else 0 end)',
        q + 1, q + 2, q + 3, q + 4, q + 5, q + 6, exact_cats, near_cats);
    else
      terms := terms || pg_catalog.format(
        '(case when v @@ $%1$s then 128 else 0 end + case when v @@ $%2$s then 64 else 0 end'
        || ' + case when c = any(%4$L::bigint[]) then 32 when c = any(%5$L::bigint[]) then 2 else 0 end'
        || ' + case when v @@ $%3$s then 16 else 0 end)',
        q + 1, q + 2, q + 3, exact_cats, near_cats);
    end if;
    -- A word that matches no category must match the product's own words: the conjunction of
    -- those is what the GIN index is asked; the others are checked on the rows it finds.
    either := public.catalogue_query(array[w], true, '');
    if pg_catalog.cardinality(close) > 0 then
      either := either operator(pg_catalog.||) public.catalogue_query(close, false, '');
    end if;
    if pg_catalog.cardinality(exact_cats) + pg_catalog.cardinality(near_cats) = 0 then
      indexed := case when indexed is null then either else indexed operator(pg_catalog.&&) either end;
    else
      found := found || pg_catalog.format('(v @@ %L::tsquery or c = any(%L::bigint[]))', either, exact_cats || near_cats);
    end if;
  end loop;
  if category is not null then
    category_key := coalesce((select c.id from public.categories c where c.slug = catalogue_search_top.category), 0);
  end if;
  if k = 0 then
    return query select p.id, 0 from public.products p
      where p.is_published and (category_key is null or p.category_id = category_key)
      order by p.created_at desc limit top;
    return;
  end if;
  queries := queries || indexed;
  -- The hits ranked in product_words alone: relevance, then the newest first (the shop's first
  -- tie-breakers), the `top` first with every row tied with the last of them (the page's order
  -- goes on with the name and the id, which product_words does not hold).
  return query execute pg_catalog.format(
    'select id, r from (select m.id, (%s)::int as r, m.t from (select s.product_id as id, s.words as v, s.category_id as c, s.created_at as t'
    || ' from public.product_words s where s.is_published and %s and ($122::bigint is null or s.category_id = $122)) as m where %s) as ranked'
    || case when top is null then '' when ranked then ' order by r desc, t desc fetch first $123 rows with ties' else ' limit $123' end,
    case when ranked then pg_catalog.array_to_string(terms, ' + ') else '0' end,
    case when indexed is null then 'true'
         else pg_catalog.format('s.words operator(pg_catalog.@@) $%s', pg_catalog.cardinality(queries)) end,
    case when pg_catalog.cardinality(found) = 0 then 'true' else pg_catalog.array_to_string(found, ' and ') end)
  using queries[1], queries[2], queries[3], queries[4], queries[5], queries[6], queries[7], queries[8], queries[9], queries[10],
        queries[11], queries[12], queries[13], queries[14], queries[15], queries[16], queries[17], queries[18], queries[19], queries[20],
        queries[21], queries[22], queries[23], queries[24], queries[25], queries[26], queries[27], queries[28], queries[29], queries[30],
        queries[31], queries[32], queries[33], queries[34], queries[35], queries[36], queries[37], queries[38], queries[39], queries[40],
        queries[41], queries[42], queries[43], queries[44], queries[45], queries[46], queries[47], queries[48], queries[49], queries[50],
        queries[51], queries[52], queries[53], queries[54], queries[55], queries[56], queries[57], queries[58], queries[59], queries[60],
        queries[61], queries[62], queries[63], queries[64], queries[65], queries[66], queries[67], queries[68], queries[69], queries[70],
        queries[71], queries[72], queries[73], queries[74], queries[75], queries[76], queries[77], queries[78], queries[79], queries[80],
        queries[81], queries[82], queries[83], queries[84], queries[85], queries[86], queries[87], queries[88], queries[89], queries[90],
        queries[91], queries[92], queries[93], queries[94], queries[95], queries[96], queries[97], queries[98], queries[99], queries[100],
        queries[101], queries[102], queries[103], queries[104], queries[105], queries[106], queries[107], queries[108], queries[109], queries[110],
        queries[111], queries[112], queries[113], queries[114], queries[115], queries[116], queries[117], queries[118], queries[119], queries[120],
        queries[121], category_key, top::bigint;
end;
$$;

revoke execute on function public.catalogue_search_top(text[], text, integer, boolean) from public, anon, authenticated, service_role;
grant execute on function public.catalogue_search_top(text[], text, integer, boolean) to anon, authenticated, service_role;

-- ── catalogue_search_hits: every hit, through catalogue_search_top ──────────────────────────
create or replace function public.catalogue_search_hits(words text[]) returns table (id bigint, relevance int)
  language sql
  stable
  security definer
  set search_path = ''
as $$
  select t.id, t.relevance from public.catalogue_search_top(catalogue_search_hits.words, null, null, true) as t
$$;

-- ── catalogue_search_page: a page of a search in relevance order ──────────────────────────
-- The view's rows (as catalogue_search returns them) under the caller's rights and row-level
-- security, sorted as the shop sorts by relevance, `page_limit` rows from `page_offset`.
create function public.catalogue_search_page(words text[], category text, page_offset integer, page_limit integer)
  returns setof public.catalogue_products
  language plpgsql
  stable
  set search_path = ''
as $$
begin
  if catalogue_search_page.page_offset is null or catalogue_search_page.page_offset < 0
     or catalogue_search_page.page_limit is null or catalogue_search_page.page_limit < 0 then
    raise exception using errcode = '22023', message = 'page_offset and page_limit: 0 or more';
  end if;
  return query
  select v.id, v.slug, v.name, v.description, v.price, v.original_price, v.stock, v.tags, v.created_at,
         v.category_slug, v.discount_percent, v.on_sale, v.search_name, v.search_tags, v.search_description,
         v.category_search_name, t.relevance, v.vat_rate
  from public.catalogue_search_top(catalogue_search_page.words, catalogue_search_page.category,
                                   catalogue_search_page.page_offset + catalogue_search_page.page_limit, true) as t
  join public.catalogue_products v on v.id = t.id
  order by t.relevance desc, v.created_at desc, v.search_name, v.name, v.id
  offset catalogue_search_page.page_offset limit catalogue_search_page.page_limit;
end;
$$;
revoke execute on function public.catalogue_search_page(text[], text, integer, integer) from public, anon, authenticated, service_role;
grant execute on function public.catalogue_search_page(text[], text, integer, integer) to anon, authenticated, service_role;

-- ── catalogue_count: the shop's filters, counted up to up_to + 1 rows ──────────────────────
create function public.catalogue_count(
  words text[],
  category text,
  min_price numeric,
  max_price numeric,
  in_stock_only boolean,
  max_stock integer,
  on_sale_only boolean,
  ids bigint[],
  up_to integer
) returns integer
  language plpgsql
  stable
  set search_path = ''
as $$
declare
  conditions text[] := '{}';
  counted integer;
  searched boolean := exists (select 1 from pg_catalog.unnest(catalogue_count.words) as w where w <> '');
begin
  if up_to is null or up_to < 0 then
    raise exception using errcode = '22023', message = 'up_to: a count of 0 or more';
  end if;
  if category is not null then conditions := conditions || 'v.category_slug = $2'::text; end if;
  if min_price is not null then conditions := conditions || 'v.price >= $3'::text; end if;
  if max_price is not null then conditions := conditions || 'v.price <= $4'::text; end if;
  if coalesce(in_stock_only, false) then conditions := conditions || 'v.stock > 0'::text; end if;
  if max_stock is not null then conditions := conditions || 'v.stock <= $5'::text; end if;
  if coalesce(on_sale_only, false) then conditions := conditions || 'v.on_sale'::text; end if;
  if ids is not null then conditions := conditions || 'v.id = any($6)'::text; end if;
  if searched and min_price is null and max_price is null and not coalesce(in_stock_only, false) and max_stock is null
     and not coalesce(on_sale_only, false) and ids is null then
    -- A search, in a category at most: its hits, up_to + 1 at most, counted in product_words
    -- (what the visitors' policy shows: published products). Refused as the search (CM006).
    select pg_catalog.count(*)::int into counted
      from public.catalogue_search_top(catalogue_count.words, catalogue_count.category, catalogue_count.up_to + 1, false);
    return counted;
  elsif searched then
    -- Refused past 20 words or 200 characters before anything is read (CM006).
    conditions := conditions || 'v.id in (select h.id from public.catalogue_search_hits($1) as h)'::text;
  elsif pg_catalog.cardinality(words) > 20 then
    perform public.catalogue_search_hits(words);
  end if;
  execute pg_catalog.format(
    'select pg_catalog.count(*)::int from (select from public.catalogue_products v %s limit $7) as counted',
    case when pg_catalog.cardinality(conditions) = 0 then '' else 'where ' || pg_catalog.array_to_string(conditions, ' and ') end)
    into counted
    using words, category, min_price, max_price, max_stock, ids, up_to::bigint + 1;
  return counted;
end;
$$;
revoke execute on function public.catalogue_count(text[], text, numeric, numeric, boolean, integer, boolean, bigint[], integer)
  from public, anon, authenticated, service_role;
grant execute on function public.catalogue_count(text[], text, numeric, numeric, boolean, integer, boolean, bigint[], integer)
  to anon, authenticated, service_role;
