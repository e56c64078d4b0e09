-- The catalogue's search, filters, sorts and paging in the database, so that one PostgREST
-- request reads one page (src/adapters/supabase/supabase-catalogue.ts), in the same order as the
-- demo catalogue (src/domain/catalogue/run-catalogue-query.ts) for the same data:
--
--   * products gain stored generated columns: the accent-free, lower-case text of the name, the
--     tags and the description (search_name, search_tags, search_description) and the discount as
--     a whole percentage (discount_percent); categories gain search_name;
--   * public.catalogue_products, a security-invoker view of the published products with their
--     category's slug, « en promotion » (on_sale), the name in French collation, and relevance 0;
--   * public.catalogue_search(words), the same rows for a word search, each with its relevance.
--
-- Folding text. unaccent() is not immutable (its dictionary can change), and a generated column
-- needs an immutable expression, so catalogue_fold spells the domain's normalizeSearchText out:
-- lower case; every precomposed Latin letter of U+00C0–U+024F and U+1E00–U+1EFF with its marks
-- stripped, as Unicode's canonical decomposition (NFD) strips them, through translate() and the
-- explicit map below (generated from String.prototype.normalize; ø, đ, ł have no decomposition
-- and stay); combining marks removed; œ, æ, ß spelled out; every run of characters that are
-- neither letters nor digits turned into one space; trimmed; and one leading space, so that
-- « a word starting with w » is strpos(text, ' ' || w) > 0. Letters and digits are the
-- database's [:alnum:], which is Unicode's under a UTF-8 locale (C.UTF-8, en_US.UTF-8).
-- array_to_string is only stable (it may call any type's output function): for text[] it is
-- immutable, which the wrapper declares.
--
-- The discount is computed as the shop computes it, in binary floating point: JavaScript's
-- Math.round((original - price) / original * 100), halves rounded up; 0 without an original
-- price above the price. « En promotion » is a discount of at least 1 %.
--
-- Indexes. Row-level security applies the policy before any filter whose operator is not
-- leakproof: for anon, numeric comparisons (the price range), strpos/LIKE (the word search) and
-- array operators are evaluated on the rows the policy keeps, never as index conditions, so a
-- trigram index for the word search or a price index for a range would serve service_role only
-- (and btree cannot serve strpos anyway). Integer, boolean, text equality and timestamp
-- comparisons are leakproof, and an index that gives the ORDER BY needs no operator at all: the
-- indexes below serve each sort (a page is then the first rows of an ordered index scan) and
-- « en promotion » (discount_percent > 0, int4gt, leakproof). They are partial on is_published,
-- which both the view and the visitors' policy ask. supabase/tests/60_catalogue_indexes.sql
-- shows them chosen by the planner for anon.

create function public.catalogue_fold(parts text[]) returns text
  language sql
  immutable
  strict
  parallel safe
  set search_path = ''
as $$
  select ' ' || pg_catalog.btrim(pg_catalog.regexp_replace(
    pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(
      pg_catalog.regexp_replace(
        pg_catalog.translate(pg_catalog.lower(pg_catalog.array_to_string(parts, ' ')),
          'àáâãäåçèéêëìíîïñòóôõöùúûüýÿāăąćĉċčďēĕėęěĝğġģĥĩīĭįĵķĺļľńņňōŏőŕŗřśŝşšţťũūŭůűųŵŷźżžơưǎǐǒǔǖǘǚǜǟǡǣǧǩǫǭǯǰǵǹǻǽǿȁȃȅȇȉȋȍȏȑȓȕȗșțȟȧȩȫȭȯȱȳḁḃḅḇḉḋḍḏḑḓḕḗḙḛḝḟḡḣḥḧḩḫḭḯḱḳḵḷḹḻḽḿṁṃṅṇṉṋṍṏṑṓṕṗṙṛṝṟṡṣṥṧṩṫṭṯṱṳṵṷṹṻṽṿẁẃẅẇẉẋẍẏẑẓẕẖẗẘẙẛạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ',
          'aaaaaaceeeeiiiinooooouuuuyyaaaccccdeeeeegggghiiiijklllnnnooorrrssssttuuuuuuwyzzzouaiouuuuuaaægkooʒjgnaæøaaeeiioorruusthaeooooyabbbcdddddeeeeefghhhhhiikkkllllmmmnnnnoooopprrrrsssssttttuuuuuvvwwwwwxxyzzzhtwyſaaaaaaaaaaaaeeeeeeeeiioooooooooooouuuuuuuyyyy'),
        '[\u0300-\u036f]+', '', 'g'),
      'œ', 'oe'), 'æ', 'ae'), 'ß', 'ss'),
    '[^[:alnum:]]+', ' ', 'g'))
$$;
comment on function public.catalogue_fold(text[]) is
  'The words of parts, lower case, without accents or punctuation, after one leading space (as normalizeSearchText).';

create function public.catalogue_discount(price numeric, original_price numeric) returns int
  language sql
  immutable
  parallel safe
  set search_path = ''
as $$
  select case
    when original_price is null or original_price <= 0 or original_price <= price then 0
    else (
      select case when d - pg_catalog.floor(d) >= 0.5 then pg_catalog.ceil(d) else pg_catalog.floor(d) end::int
      from (select (original_price::float8 - price::float8) / original_price::float8 * 100 as d) as ratio
    )
  end
$$;
comment on function public.catalogue_discount(numeric, numeric) is
  'The discount as a whole percentage, as discountPercent computes it (0 unless an original price above the price).';

-- The generated columns are computed with the rights of whoever writes the row: the writers
-- (admins, service_role) execute the two functions; a visitor reads the stored result.
revoke execute on function public.catalogue_fold(text[]) from public, anon, authenticated, service_role;
revoke execute on function public.catalogue_discount(numeric, numeric) from public, anon, authenticated, service_role;
grant execute on function public.catalogue_fold(text[]) to authenticated, service_role;
grant execute on function public.catalogue_discount(numeric, numeric) to authenticated, service_role;

alter table public.products
  add column search_name text not null generated always as (public.catalogue_fold(array[name])) stored,
  add column search_tags text not null generated always as (public.catalogue_fold(tags)) stored,
  add column search_description text not null generated always as (public.catalogue_fold(array[description])) stored,
  add column discount_percent int not null generated always as (public.catalogue_discount(price, original_price)) stored;
alter table public.categories
  add column search_name text not null generated always as (public.catalogue_fold(array[name])) stored;

-- The shop's sorts, each ending with the demo catalogue's tie-breakers (newest, then the folded
-- name byte by byte, then the name in French collation, then the id):
--   pertinence   relevance desc, created_at desc, search_name, name, id
--   nouveautes   created_at desc, search_name, name, id   (products_published_created_idx)
--   prix-…       price asc|desc, search_name, name, id    (products_published_price_idx)
--   remises      discount_percent desc, created_at desc, search_name, name, id (below)
-- search_name is given in the "C" collation (the demo compares the folded names code unit by
-- code unit) and name in ICU's French one (the demo's Intl.Collator('fr')), whatever the
-- database's default collation.
-- ("fr-x-icu" is one of the collations initdb creates when PostgreSQL is built with ICU, as
-- Supabase's and Debian's are.)
create index products_published_discount_idx on public.products (discount_percent desc, created_at desc, id) where is_published;

-- The published catalogue as the shop reads it. security_invoker: the reader's rights and the
-- tables' row-level security apply (a view otherwise runs as its owner, past every policy).
create view public.catalogue_products with (security_invoker = true) as
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
  c.slug as category_slug,
  p.discount_percent,
  p.discount_percent > 0 as on_sale,
  p.search_name collate "C" as search_name,
  p.search_tags,
  p.search_description,
  c.search_name as category_search_name,
  0 as relevance
from public.products p
join public.categories c on c.id = p.category_id
where p.is_published;
comment on view public.catalogue_products is
  'The published products with what the shop filters and sorts on; relevance is 0 here, set by catalogue_search.';

-- A word search: the rows of catalogue_products in which every word starts a word of the name,
-- the tags, the category's name or the description, each with its relevance (per word: 8 in the
-- name, 4 in the tags, 2 in the category's name, 1 in the description), as the demo ranks them.
-- The words come folded by the shop (normalizeSearchText). An invoker function: the caller's
-- rights and row-level security apply. It returns the view's rows, so PostgREST filters, orders,
-- pages, counts and embeds its result as it does the view's.
create function public.catalogue_search(words text[]) returns setof public.catalogue_products
  language sql
  stable
  parallel safe
  set search_path = ''
as $$
  select v.id, v.slug, v.name, v.description, v.price, v.original_price, v.stock, v.tags, v.created_at,
         v.category_slug, v.discount_percent, v.on_sale, v.search_name, v.search_tags, v.search_description,
         v.category_search_name, m.relevance
  from public.catalogue_products v
  cross join lateral (
    select pg_catalog.sum(h.hit)::int as relevance, pg_catalog.bool_and(h.hit > 0) as everywhere
    from (
      select 8 * (pg_catalog.strpos(v.search_name, ' ' || w.word) > 0)::int
           + 4 * (pg_catalog.strpos(v.search_tags, ' ' || w.word) > 0)::int
           + 2 * (pg_catalog.strpos(v.category_search_name, ' ' || w.word) > 0)::int
           + (pg_catalog.strpos(v.search_description, ' ' || w.word) > 0)::int as hit
      from pg_catalog.unnest(catalogue_search.words) as w (word)
      where w.word <> ''
    ) as h
  ) as m
  where coalesce(m.everywhere, true)
$$;

revoke all on table public.catalogue_products from anon, authenticated, service_role;
grant select on table public.catalogue_products to anon, authenticated, service_role;
revoke execute on function public.catalogue_search(text[]) from public, anon, authenticated, service_role;
grant execute on function public.catalogue_search(text[]) to anon, authenticated, service_role;
