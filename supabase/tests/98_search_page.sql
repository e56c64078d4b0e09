-- catalogue_search_page and catalogue_search_top (20261127030000_catalogue_search_page_and_counts.sql): a
-- search's page ranked in product_words, only its products joined; the same rows, in the same
-- order, as catalogue_search sorted by relevance; each role's rights. Rolled back.
begin;
create extension if not exists pgtap with schema extensions;
select plan(23);

\set as_anon 'reset role; set local role anon; set local request.jwt.claims to ''{"role": "anon"}'';'
\set as_user 'reset role; set local role authenticated; set local request.jwt.claims to ''{"sub": "11111111-1111-4111-8111-111111111111", "role": "authenticated", "email": "client@example.fr", "app_metadata": {"provider": "email"}, "user_metadata": {"role": "admin"}}'';'
\set as_admin 'reset role; set local role authenticated; set local request.jwt.claims to ''{"sub": "22222222-2222-4222-8222-222222222222", "role": "authenticated", "email": "admin@example.fr", "app_metadata": {"provider": "email", "role": "admin"}}'';'
\set as_service 'reset role; set local role service_role; set local request.jwt.claims to ''{"role": "service_role"}'';'

-- Forty « quokka »: ten created at the same instant (ties on relevance and date, names apart),
-- the others a minute apart, a third with the word in their tags only; one more unpublished.
insert into public.products (slug, name, description, price, category_id, stock, tags, created_at, is_published)
select 'test-quokka-' || g, case when g % 3 = 0 then 'Peluche ' || g else 'Quokka ' || (100 - g) end, 'Un animal.', 10 + g,
       (select id from public.categories order by position limit 1 offset g % 2), 3,
       case when g % 3 = 0 then array['quokka'] else array['animal'] end,
       case when g <= 10 then timestamptz '2026-05-01 10:00' else timestamptz '2026-05-01 10:00' - g * interval '1 minute' end,
       g <= 40
from generate_series(1, 41) g;

create function pg_temp.page_of(words text[], category text, "offset" integer, "limit" integer) returns text[]
  language sql
as $$ select array_agg(slug order by n) from (select slug, row_number() over () as n from public.catalogue_search_page(words, category, "offset", "limit")) p $$;
create function pg_temp.expected(words text[], category text, "offset" integer, "limit" integer) returns text[]
  language sql
as $$ select array_agg(slug order by n) from (select slug, row_number() over (order by relevance desc, created_at desc, search_name, name, id) as n
        from public.catalogue_search(words) where category is null or category_slug = category
        order by relevance desc, created_at desc, search_name, name, id offset "offset" limit "limit") p $$;
grant execute on function pg_temp.page_of(text[], text, integer, integer), pg_temp.expected(text[], text, integer, integer) to anon, authenticated, service_role;

-- ── The same pages as catalogue_search sorted by relevance, for each role ─────────────────
:as_anon
select is(pg_temp.page_of(array['quokka'], null, 0, 20), pg_temp.expected(array['quokka'], null, 0, 20), 'anon: the first page of « quokka »');
select is(pg_temp.page_of(array['quokka'], null, 5, 4), pg_temp.expected(array['quokka'], null, 5, 4), 'anon: a page among the ten tied on relevance and date');
select is(pg_temp.page_of(array['quokka'], null, 20, 20), pg_temp.expected(array['quokka'], null, 20, 20), 'anon: the last page, tags after names');
select is(cardinality(pg_temp.page_of(array['quokka'], null, 0, 100)), 40, 'anon: the forty published, not the unpublished one');
select is(pg_temp.page_of(array['quokka'], (select slug from public.categories order by position limit 1), 0, 7),
  pg_temp.expected(array['quokka'], (select slug from public.categories order by position limit 1), 0, 7), 'anon: within a category');
select is(pg_temp.page_of(array['quokka'], 'categorie-inconnue', 0, 20), null, 'anon: an unknown category, nothing');
select is(pg_temp.page_of(array['qokka'], null, 0, 10), pg_temp.expected(array['qokka'], null, 0, 10), 'anon: one letter missing, as catalogue_search forgives it');
select is(pg_temp.page_of(array['theiere', 'kyoto'], null, 0, 3), array['theiere-en-fonte-kyoto'], 'anon: two words, the seed''s teapot');
select is(pg_temp.page_of(array['quokka'], null, 0, 0), null, 'anon: a page of 0 rows');
:as_user
select is(pg_temp.page_of(array['quokka'], null, 3, 9), pg_temp.expected(array['quokka'], null, 3, 9), 'a signed-in shopper: the same page');
:as_admin
select is(pg_temp.page_of(array['quokka'], null, 0, 100), pg_temp.expected(array['quokka'], null, 0, 100), 'an admin: what the shop shows, published only');
:as_service
select is(pg_temp.page_of(array['quokka'], null, 8, 5), pg_temp.expected(array['quokka'], null, 8, 5), 'service_role: the same page');

-- ── catalogue_search_top: the first `top` with their ties ──────────────────────────────────
:as_anon
select is((select count(*)::int from public.catalogue_search_top(array['quokka'], null, 3, true)), 7,
  'top 3 among the seven named « quokka » created at the same instant: all seven kept, the page''s order decides among them');
select is((select count(*)::int from public.catalogue_search_top(array['quokka'], null, 12, true)), 12, 'top 12: twelve');
select is((select count(*)::int from public.catalogue_search_top(array['quokka'], null, 5, false)), 5, 'not ranked, top 5: any five, read no further');

-- ── Refusals ───────────────────────────────────────────────────────────────────────────────
select throws_ok($$select * from public.catalogue_search_page(array['quokka'], null, -1, 20)$$, '22023', 'page_offset and page_limit: 0 or more', 'a negative offset: refused');
select throws_ok($$select * from public.catalogue_search_page(array(select 'mot' || g from generate_series(1, 21) g), null, 0, 20)$$, 'CM006',
  U&'Recherche trop longue\00A0: 20 mots et 200 caract\00E8res au plus.', 'more than 20 words: refused as the search refuses them');

-- ── product_words.created_at follows the product ───────────────────────────────────────────
reset role;
update public.products set created_at = timestamptz '2030-01-01 00:00' where slug = 'test-quokka-40';
:as_anon
select is((select slug from public.catalogue_search_page(array['quokka'], null, 0, 1)), 'test-quokka-40',
  'a product dated later comes first among equals: product_words follows its created_at');

-- ── Who may execute them ───────────────────────────────────────────────────────────────────
reset role;
select function_privs_are('public', 'catalogue_search_page', array['text[]', 'text', 'integer', 'integer'], 'anon', array['EXECUTE'], 'anon may execute catalogue_search_page');
select function_privs_are('public', 'catalogue_search_page', array['text[]', 'text', 'integer', 'integer'], 'authenticated', array['EXECUTE'], 'authenticated may execute catalogue_search_page');
select function_privs_are('public', 'catalogue_search_page', array['text[]', 'text', 'integer', 'integer'], 'service_role', array['EXECUTE'], 'service_role may execute catalogue_search_page');
select function_privs_are('public', 'catalogue_search_top', array['text[]', 'text', 'integer', 'boolean'], 'anon', array['EXECUTE'], 'anon may execute catalogue_search_top (ids and relevance of published products, as catalogue_search_hits)');
select ok(not (select p.prosecdef from pg_catalog.pg_proc p where p.oid = 'public.catalogue_search_page(text[], text, integer, integer)'::regprocedure),
  'catalogue_search_page runs with the caller''s rights: row-level security decides the rows');

select * from finish();
rollback;
