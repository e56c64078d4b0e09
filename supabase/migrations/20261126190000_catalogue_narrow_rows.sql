-- The catalogue at 100,000 products, narrower rows (issue 28, after 20261126182000).
--
-- 1. Each product's words leave the products table. The stored generated column search_vector
--    (20261126182000) made every product row about twice as wide: a page read deep in the list,
--    or a category sorted by price, read twice as many pages (and the table no longer fitted in
--    shared_buffers at 100,000 products); and PostgreSQL 15 recomputes every stored generated
--    column on every UPDATE, so each place_order's stock decrement folded the name, tags and
--    description once more. The words now live in product_words (one narrow row per product:
--    its category and whether it is published, for the search's filters, and the tsvector),
--    written by the trigger that already learns the lexicon, only when a name, tags,
--    description, category or publication changes. catalogue_search_hits reads it instead.
-- 2. The category page sorted by price is served by one index that gives its order. The view
--    filtered on the joined category's slug: the planner cannot know the category's id before
--    running, so it read every product of the category and sorted them (the nested loop's inner
--    index order is not the join's order). Products keep their category's slug
--    (category_slug, kept by triggers on both tables), the view reads it there, and
--    products_published_category_slug_price_idx gives the page's first rows in order.
--
-- 3. A new product's first price is written without reading the history. The trigger's look-up
--    of the last price ran as a plan cached in the session: planned while the history was small
--    (a sequential scan), it read the whole history for each product inserted, and inserting
--    100,000 products in one statement took minutes instead of seconds. A product just inserted
--    has no history: its price is appended at once.
--
-- Restated here: products_learn_words (trigger function, as 20261126182000, writing
-- product_words too), catalogue_search_hits (as 20261126182000, reading product_words), the view
-- catalogue_products (as 20261126160000, its category_slug from products), products_price_history
-- (as 20261126181000, no look-up on insert).

-- ── 1. The words of each product, in a table of their own ─────────────────────────────────
create table public.product_words (
  product_id bigint primary key references public.products (id) on delete cascade,
  category_id bigint not null,
  is_published boolean not null,
  words tsvector not null
);
alter table public.product_words enable row level security;
revoke all on table public.product_words from anon, authenticated, service_role;

insert into public.product_words (product_id, category_id, is_published, words)
select p.id, p.category_id, p.is_published, p.search_vector from public.products p;
create index product_words_published_idx on public.product_words using gin (words) where is_published;

create or replace function public.products_learn_words() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  perform public.catalogue_learn_words(new.search_name || new.search_tags || new.search_description);
  insert into public.product_words (product_id, category_id, is_published, words)
  values (new.id, new.category_id, new.is_published,
          public.catalogue_words_vector(new.search_name, 'A') || public.catalogue_words_vector(new.search_tags, 'B')
          || public.catalogue_words_vector(new.search_description, 'D'))
  on conflict (product_id) do update
    set category_id = excluded.category_id, is_published = excluded.is_published, words = excluded.words;
  return null;
end;
$$;
drop trigger products_learn_words on public.products;
create trigger products_learn_words after insert or update of name, tags, description, category_id, is_published on public.products
  for each row execute function public.products_learn_words();

-- ── catalogue_search_hits: as 20261126182000, the words read from product_words ───────────
create or replace function public.catalogue_search_hits(words text[]) returns table (id bigint, relevance int)
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
begin
  -- Oversized calls first (catalogue_search's refusal too): the shop's search box sends a few words.
  if pg_catalog.cardinality(catalogue_search_hits.words) > 20
     or (select pg_catalog.sum(pg_catalog.char_length(x.word)) from pg_catalog.unnest(catalogue_search_hits.words) as x (word)) > 200 then
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
  if k = 0 then
    return query select p.id, 0 from public.products p where p.is_published;
    return;
  end if;
  queries := queries || indexed;
  return query execute pg_catalog.format(
    'select id, (%s)::int from (select s.product_id as id, s.words as v, s.category_id as c from public.product_words s'
    || ' where s.is_published and %s) as m where %s',
    pg_catalog.array_to_string(terms, ' + '),
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
        queries[121];
end;
$$;

revoke execute on function public.catalogue_search_hits(text[]) from public, anon, authenticated, service_role;
grant execute on function public.catalogue_search_hits(text[]) to anon, authenticated, service_role;

drop index public.products_published_search_idx;
alter table public.products drop column search_vector;

-- ── 2. The category's slug on each product, for the category page's index ─────────────────
alter table public.products add column category_slug text;
-- Filled without touching updated_at: no product changed.
alter table public.products disable trigger products_touch_updated_at;
update public.products p set category_slug = c.slug from public.categories c where c.id = p.category_id;
alter table public.products enable trigger products_touch_updated_at;

create function public.products_category_slug() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  -- No such category: the foreign key refuses the row (23503), after this trigger.
  new.category_slug := coalesce((select c.slug from public.categories c where c.id = new.category_id), '');
  return new;
end;
$$;
revoke execute on function public.products_category_slug() from public, anon, authenticated, service_role;
create trigger products_category_slug before insert or update of category_id on public.products
  for each row execute function public.products_category_slug();

create function public.categories_slug_to_products() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  update public.products p set category_slug = new.slug where p.category_id = new.id;
  return null;
end;
$$;
revoke execute on function public.categories_slug_to_products() from public, anon, authenticated, service_role;
create trigger categories_slug_to_products after update of slug on public.categories
  for each row when (old.slug is distinct from new.slug) execute function public.categories_slug_to_products();

alter table public.products alter column category_slug set not null;

drop index public.products_published_category_price_idx;
-- category_id included: the category's count (the view joins categories on it) reads the index only.
create index products_published_category_price_idx on public.products
  (category_slug, price, (search_name collate "C"), (name collate "fr-x-icu"), id) include (category_id) where is_published;

-- ── The view: as 20261126160000_vat_rates.sql, the category's slug read from products ──────
create or replace view public.catalogue_products with (security_invoker = true) as
select
  p.id,
  p.slug,
  p.name collate "fr-x-icu" as name,
  p.description,
  p.price,
  p.original_price,
  p.stock,
  p.tags,
  p.created_at,
  p.category_slug,
  p.discount_percent,
  p.discount_percent > 0 as on_sale,
  p.search_name collate "C" as search_name,
  p.search_tags,
  p.search_description,
  c.search_name as category_search_name,
  0 as relevance,
  p.vat_rate
from public.products p
join public.categories c on c.id = p.category_id
where p.is_published;

-- ── 3. A new product's first price, without reading the history ───────────────────────────
-- As 20261126181000_price_history.sql; an insert appends without the look-up.
create or replace function public.products_price_history() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  if tg_op = 'INSERT' or new.price is distinct from (
    select h.price from public.product_price_history h where h.product_id = new.id order by h.since desc, h.id desc limit 1
  ) then
    insert into public.product_price_history (product_id, price, since)
    values (new.id, new.price, case when tg_op = 'INSERT' then new.created_at else pg_catalog.now() end);
  end if;
  return null;
end;
$$;
revoke execute on function public.products_price_history() from public, anon, authenticated, service_role;
