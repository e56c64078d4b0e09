-- product_terms and the search ranked from it (20261127070000_catalogue_search_terms.sql): what
-- the trigger keeps (each published product's words, their fields, date and category; nothing on
-- a stock update), who may read it, and catalogue_search_page_filtered's pages, the same rows in
-- the same order as catalogue_search filtered and sorted by relevance. Rolled back.
begin;
create extension if not exists pgtap with schema extensions;
select plan(53);

\set as_anon 'reset role; set local role anon; set local request.jwt.claims to ''{"role": "anon"}'';'

create function pg_temp.terms_of(product_slug text) returns text
  language sql
as $$
  select coalesce(string_agg(t.term || ':' || t.fields, ' ' order by t.term), '')
  from public.product_terms t join public.products p on p.id = t.product_id where p.slug = product_slug
$$;

-- ── Who may read or write product_terms: no role of the API ───────────────────────────────
select table_privs_are('public', 'product_terms', 'anon', array[]::text[], 'anon: nothing on product_terms');
select table_privs_are('public', 'product_terms', 'authenticated', array[]::text[], 'authenticated: nothing on product_terms (the admin writes products; the trigger writes the terms)');
select table_privs_are('public', 'product_terms', 'service_role', array[]::text[], 'service_role: nothing on product_terms');
select ok((select c.relrowsecurity from pg_catalog.pg_class c where c.oid = 'public.product_terms'::regclass), 'product_terms: row-level security on');
select has_index('public', 'product_terms', 'product_terms_ranked_idx', 'the index a search reads: term, fields, date, product, category included');

-- ── What the trigger keeps ────────────────────────────────────────────────────────────────
insert into public.products (slug, name, description, price, category_id, stock, tags, created_at)
values ('test-zebu', 'Zébu zinc', 'Un zébu en zinc, zébré.', 30, (select id from public.categories where slug = 'cuisine'), 4, array['zinc', 'Zoo'],
        timestamptz '2026-03-01 10:00');
select is(pg_temp.terms_of('test-zebu'), 'en:16 un:16 zebre:16 zebu:144 zinc:208 zoo:64',
  'each word once, with its fields: name 128, tags 64, description 16');
select is((select count(*)::int from public.product_terms t join public.products p on p.id = t.product_id
           where p.slug = 'test-zebu' and t.created_at = p.created_at and t.category_id = p.category_id), 6,
  'each term with the product''s creation date and category');

reset role;
create temp table before_stock as select t.ctid as at from public.product_terms t join public.products p on p.id = t.product_id where p.slug = 'test-zebu';
update public.products set stock = stock - 1 where slug = 'test-zebu';
select bag_eq($$select t.ctid as at from public.product_terms t join public.products p on p.id = t.product_id where p.slug = 'test-zebu'$$,
  $$select at from before_stock$$, 'a stock update (place_order''s) writes no term: the same rows, untouched');
update public.products set price = 31 where slug = 'test-zebu';
select bag_eq($$select t.ctid as at from public.product_terms t join public.products p on p.id = t.product_id where p.slug = 'test-zebu'$$,
  $$select at from before_stock$$, 'nor does a price update');

update public.products set name = 'Yack zinc', tags = array['laine'] where slug = 'test-zebu';
select is(pg_temp.terms_of('test-zebu'), 'en:16 laine:64 un:16 yack:128 zebre:16 zebu:16 zinc:144',
  'renamed and tagged again: its terms follow, the old ones gone');
update public.products set category_id = (select id from public.categories where slug = 'textile'),
                           created_at = timestamptz '2026-04-01 10:00' where slug = 'test-zebu';
select is((select count(*)::int from public.product_terms t join public.products p on p.id = t.product_id
           where p.slug = 'test-zebu' and t.created_at = timestamptz '2026-04-01 10:00'
             and t.category_id = (select id from public.categories where slug = 'textile')), 7,
  'a new category and creation date: every term follows');
update public.products set is_published = false where slug = 'test-zebu';
select is(pg_temp.terms_of('test-zebu'), '', 'unpublished: no term (the search reads published products only)');
update public.products set is_published = true where slug = 'test-zebu';
select is(pg_temp.terms_of('test-zebu'), 'en:16 laine:64 un:16 yack:128 zebre:16 zebu:16 zinc:144', 'published again: its terms are back');
select is((select count(*)::int from public.product_terms t join public.product_words w on w.product_id = t.product_id where w.is_published and
           (t.product_id, t.term) not in (select w2.product_id, l.lexeme from public.product_words w2, unnest(w2.words) l where w2.is_published)), 0,
  'every term is a word of its product''s product_words');
select is((select count(*)::int from public.product_words w, unnest(w.words) l where w.is_published
           and not exists (select 1 from public.product_terms t where t.product_id = w.product_id and t.term = l.lexeme)), 0,
  'every word of a published product is a term');
create temp table zebu as select id from public.products where slug = 'test-zebu';
delete from public.products where slug = 'test-zebu';
select is((select count(*)::int from public.product_terms t where t.product_id = (select id from zebu)), 0, 'a product deleted takes its terms with it');

-- ── The relevance, against the rule written out (src/domain/catalogue/run-catalogue-query.ts) ─
-- Per word and field (name 8, tags 4, category 2, description 1): 16 times the weight when a word
-- of the field starts with it, the weight when a word of the field is one letter away (a word of
-- 4 letters or more), else 0; a product is found when every word is found somewhere. Computed
-- here on every published product's folded fields, word by word, without any index.
create function pg_temp.hit(field text, w text, weight int) returns int
  language sql
as $$ select case when strpos(field, ' ' || w) > 0 then weight * 16
                  when char_length(w) >= 4 and exists (select 1 from unnest(string_to_array(btrim(field), ' ')) u
                                                       where extensions.levenshtein(u, w) = 1) then weight
                  else 0 end $$;
create function pg_temp.reference(words text[]) returns table (id bigint, relevance int)
  language sql
as $$
  select s.id, s.total from (
    select p.id, (select sum(x.s)::int from (select pg_temp.hit(p.search_name, w, 8) + pg_temp.hit(p.search_tags, w, 4)
                  + pg_temp.hit(c.search_name, w, 2) + pg_temp.hit(p.search_description, w, 1) as s from unnest(words) w) x) as total,
           (select bool_and(pg_temp.hit(p.search_name, w, 8) + pg_temp.hit(p.search_tags, w, 4) + pg_temp.hit(c.search_name, w, 2)
                  + pg_temp.hit(p.search_description, w, 1) > 0) from unnest(words) w) as found
    from public.products p join public.categories c on c.id = p.category_id where p.is_published) s
  where s.found
$$;
create function pg_temp.ranked(words text[]) returns table (id bigint, relevance int)
  language sql
as $$ select r.id, r.relevance from public.catalogue_search_ranked(words, null, null, true) r $$;

-- ── The pages, filtered, as catalogue_search gives them filtered and sorted ───────────────
-- Forty « quokka » (ten created at the same instant: ties on relevance and date), prices 11 to
-- 50, a third with the word in their tags only, every fourth out of stock, every fifth on sale.
insert into public.products (slug, name, description, price, original_price, category_id, stock, tags, created_at)
select 'test-quokka-' || g, case when g % 3 = 0 then 'Peluche ' || g else 'Quokka ' || (100 - g) end, 'Un animal de la cuisine.', 10 + g,
       case when g % 5 = 0 then 80 end, (select id from public.categories order by position limit 1 offset g % 2),
       case when g % 4 = 0 then 0 else 3 end, case when g % 3 = 0 then array['quokka'] else array['animal'] end,
       case when g <= 10 then timestamptz '2026-05-01 10:00' else timestamptz '2026-05-01 10:00' - g * interval '1 minute' end
from generate_series(1, 40) g;

create function pg_temp.page_of(words text[], min_price numeric, max_price numeric, in_stock boolean, on_sale boolean, ids bigint[], "offset" integer, "limit" integer)
  returns text[]
  language sql
as $$ select array_agg(slug order by n) from (select slug, row_number() over () as n from public.catalogue_search_page_filtered(
        words, null, min_price, max_price, in_stock, null, on_sale, ids, "offset", "limit")) p $$;
create function pg_temp.expected(words text[], min_price numeric, max_price numeric, in_stock boolean, sale boolean, ids bigint[], "offset" integer, "limit" integer)
  returns text[]
  language sql
as $$ select array_agg(slug order by n) from (select slug, row_number() over (order by relevance desc, created_at desc, search_name, name, id) as n
        from public.catalogue_search(words)
        where (min_price is null or price >= min_price) and (max_price is null or price <= max_price)
          and (not in_stock or stock > 0) and (not sale or on_sale) and (ids is null or id = any(ids))
        order by relevance desc, created_at desc, search_name, name, id offset "offset" limit "limit") p $$;
grant execute on function pg_temp.page_of(text[], numeric, numeric, boolean, boolean, bigint[], integer, integer),
                          pg_temp.expected(text[], numeric, numeric, boolean, boolean, bigint[], integer, integer) to anon;

:as_anon
select is(pg_temp.page_of(array['quokka'], 15, 35, false, false, null, 0, 6), pg_temp.expected(array['quokka'], 15, 35, false, false, null, 0, 6),
  'a price range: the first page');
select is(pg_temp.page_of(array['quokka'], 15, 35, false, false, null, 6, 6), pg_temp.expected(array['quokka'], 15, 35, false, false, null, 6, 6),
  'a price range: the second page');
select isnt(pg_temp.page_of(array['quokka'], 15, 35, false, false, null, 0, 6), pg_temp.page_of(array['quokka'], null, null, false, false, null, 0, 6),
  'the price range changes the page');
select is(pg_temp.page_of(array['quokka'], null, null, true, false, null, 2, 5), pg_temp.expected(array['quokka'], null, null, true, false, null, 2, 5),
  'in stock only, among the ten tied on relevance and date');
select is(pg_temp.page_of(array['quokka'], null, null, false, true, null, 0, 20), pg_temp.expected(array['quokka'], null, null, false, true, null, 0, 20),
  'on sale only');
select is(cardinality(pg_temp.page_of(array['quokka'], null, null, false, true, null, 0, 20)), 8, 'on sale only: the eight of them');
select is(pg_temp.page_of(array['quokka'], 12, null, true, true, null, 0, 3), pg_temp.expected(array['quokka'], 12, null, true, true, null, 0, 3),
  'filters together');
select is(pg_temp.page_of(array['quokka'], null, null, false, false,
                          (select array_agg(id) from public.products where slug in ('test-quokka-3', 'test-quokka-7', 'theiere-en-fonte-kyoto')), 0, 20),
  array['test-quokka-7', 'test-quokka-3'], 'a cart''s ids: those that match, ranked');
select is(pg_temp.page_of(array['quokka'], 1000, null, false, false, null, 0, 20), null, 'no product in the range: no row');
select is(pg_temp.page_of(array['qokka'], 20, 40, false, false, null, 0, 10), pg_temp.expected(array['qokka'], 20, 40, false, false, null, 0, 10),
  'a typo and a price range');
-- « cuisine » is a category's name and in their description: both ways found.
select is(pg_temp.page_of(array['cuisine', 'quokka'], null, 30, false, false, null, 0, 30), pg_temp.expected(array['cuisine', 'quokka'], null, 30, false, false, null, 0, 30),
  'a word that names a category, with another');
select is(pg_temp.page_of(array['cuisine'], null, null, false, false, null, 0, 30), pg_temp.expected(array['cuisine'], null, null, false, false, null, 0, 30),
  'a single word that names a category: its products and those with the word, ranked');
select is(pg_temp.page_of(array['cuisine'], null, null, false, false, null, 0, 30),
  (select array_agg(slug) from public.catalogue_search_page(array['cuisine'], null, 0, 30)), 'catalogue_search_page gives the same rows');
reset role;
select set_eq($$select * from pg_temp.ranked(array['quokka'])$$, $$select * from pg_temp.reference(array['quokka'])$$,
  'one word, one term of the lexicon (the first rows of its index): the rule''s relevance');
select set_eq($$select * from pg_temp.ranked(array['qokka'])$$, $$select * from pg_temp.reference(array['qokka'])$$,
  'one letter missing, one close word: the rule''s relevance');
select set_eq($$select * from pg_temp.ranked(array['pel'])$$, $$select * from pg_temp.reference(array['pel'])$$,
  'a prefix that several words start with: the rule''s relevance');
select set_eq($$select * from pg_temp.ranked(array['bougi'])$$, $$select * from pg_temp.reference(array['bougi'])$$,
  'a prefix of two words of the lexicon, one of them one letter away (« bougie », « bougies »): exact, the rule''s relevance');
select set_eq($$select * from pg_temp.ranked(array['fonte'])$$, $$select * from pg_temp.reference(array['fonte'])$$,
  'a word and its close words in other products: exact before close, the rule''s relevance');
select set_eq($$select * from pg_temp.ranked(array['quokka', 'animal'])$$, $$select * from pg_temp.reference(array['quokka', 'animal'])$$,
  'two words: the rule''s relevance');
select set_eq($$select * from pg_temp.ranked(array['pel', 'anim'])$$, $$select * from pg_temp.reference(array['pel', 'anim'])$$,
  'two prefixes, asked of the GIN index as the words of the lexicon they start: the rule''s relevance');
select set_eq($$select * from pg_temp.ranked(array['bougi', 'de'])$$, $$select * from pg_temp.reference(array['bougi', 'de'])$$,
  'a prefix and a close word, and a short prefix many words start: the rule''s relevance');
select set_eq($$select * from pg_temp.ranked(array['qokka', 'animal'])$$, $$select * from pg_temp.reference(array['qokka', 'animal'])$$,
  'a close word and another word (the GIN index''s intersection): the rule''s relevance');
select set_eq($$select * from pg_temp.ranked(array['cuisine'])$$, $$select * from pg_temp.reference(array['cuisine'])$$,
  'a category''s name: its products, and those with the word, the rule''s relevance');
select set_eq($$select * from pg_temp.ranked(array['cuisine', 'un'])$$, $$select * from pg_temp.reference(array['cuisine', 'un'])$$,
  'a category''s name and a word: the rule''s relevance');
-- A category's name alone, the first `top` (20261127083000): the word's rows per category and
-- each matched category's newest products without the word, merged; the rule's relevance, and
-- the first `top` by relevance then date with their ties, as the rule ranks every product.
create function pg_temp.ranked_top(words text[], category text, top integer) returns table (id bigint, relevance int)
  language sql
as $$ select r.id, r.relevance from public.catalogue_search_ranked(words, category, top, true) r $$;
create function pg_temp.reference_top(words text[], category text, top integer) returns table (id bigint, relevance int)
  language sql
as $$
  select s.id, s.relevance from (
    select r.id, r.relevance, rank() over (order by r.relevance desc, p.created_at desc) as n
    from pg_temp.reference(words) r join public.products p on p.id = r.id join public.categories c on c.id = p.category_id
    where category is null or c.slug = category) s
  where s.n <= top
$$;
-- Two products of the category without the word, created at the same instant, newer than its
-- others; a product whose name starts with « cuisin » without being « cuisine ».
insert into public.products (slug, name, description, price, category_id, stock, tags, created_at)
select 'test-bol-' || g, 'Bol ' || g, 'Un bol.', 12, (select id from public.categories where slug = 'cuisine'), 2, array['bol'],
       timestamptz '2026-12-01 10:00'
from generate_series(1, 2) g;
insert into public.products (slug, name, description, price, category_id, stock, tags, created_at)
values ('test-cuisiniere', 'Cuisinière émaillée', 'Pour la maison.', 90, (select id from public.categories where slug = 'maison'), 2, array['four'],
        timestamptz '2026-05-01 10:00');
-- « cuisine »: four products with the word elsewhere (64 to 192), twenty quokkas of the category
-- with it in their description (48, five tied on their date), its products without it (32, the
-- two bowls tied), twenty quokkas of another category with it (16, five tied).
select set_eq($$select * from pg_temp.ranked_top(array['cuisine'], null, 6)$$, $$select * from pg_temp.reference_top(array['cuisine'], null, 6)$$,
  'a category''s name alone, the first 6: the products with the word first, those of the category before the others at equal fields');
select set_eq($$select * from pg_temp.ranked_top(array['cuisine'], null, 25)$$, $$select * from pg_temp.reference_top(array['cuisine'], null, 25)$$,
  'a category''s name alone, the first 25: the category''s products without the word next, newest first');
select set_eq($$select * from pg_temp.ranked_top(array['cuisine'], null, 37)$$, $$select * from pg_temp.reference_top(array['cuisine'], null, 37)$$,
  'a category''s name alone, the first 37: then the products of other categories with the word');
select is(array[(select count(*)::int from pg_temp.ranked_top(array['cuisine'], null, 6)), (select count(*)::int from pg_temp.ranked_top(array['cuisine'], null, 25)),
                (select count(*)::int from pg_temp.ranked_top(array['cuisine'], null, 37))], array[9, 26, 40],
  'each with every product tied with its last (relevance and date): the quokkas of the category, the bowls, the quokkas of another');
-- The first rows of one part, cut inside a tie: « cuisine » in its category (the twenty quokkas
-- with the word, five tied first); a category no product's words name (« luminaires »: two lamps
-- tied, the newest, and an older one).
insert into public.categories (slug, name, position) values ('test-luminaires', 'Luminaires', 99);
insert into public.products (slug, name, description, price, category_id, stock, tags, created_at)
select 'test-lampe-' || g, 'Lampe ' || g, 'Une lampe.', 40, (select id from public.categories where slug = 'test-luminaires'), 2, array['lampe'],
       case when g < 3 then timestamptz '2026-12-01 10:00' else timestamptz '2026-11-01 10:00' end
from generate_series(1, 3) g;
select set_eq($$select * from pg_temp.ranked_top(array['cuisine'], 'cuisine', 3)$$, $$select * from pg_temp.reference_top(array['cuisine'], 'cuisine', 3)$$,
  'the category''s products with the word, cut inside a tie: every product tied with the third');
select set_eq($$select * from pg_temp.ranked_top(array['luminaires'], null, 1)$$, $$select * from pg_temp.reference_top(array['luminaires'], null, 1)$$,
  'the category''s products without the word, cut inside a tie: both lamps, not the older one');
select set_eq($$select * from pg_temp.ranked_top(array['cuisine'], 'cuisine', 10)$$, $$select * from pg_temp.reference_top(array['cuisine'], 'cuisine', 10)$$,
  'a category''s name alone, within that category: the rule''s first 10');
select set_eq($$select * from pg_temp.ranked_top(array['cuisine'], 'maison', 10)$$, $$select * from pg_temp.reference_top(array['cuisine'], 'maison', 10)$$,
  'a category''s name alone, within another category: only the products with the word, the rule''s first 10');
select set_eq($$select * from pg_temp.ranked_top(array['cuisne'], null, 30)$$, $$select * from pg_temp.reference_top(array['cuisne'], null, 30)$$,
  'one letter from a category''s name: the category''s weight 2, the word''s close fields, the rule''s first 30');
select set_eq($$select * from pg_temp.ranked_top(array['cuisin'], null, 30)$$, $$select * from pg_temp.reference_top(array['cuisin'], null, 30)$$,
  'a prefix of a category''s name and of other words (« cuisine », « cuisiniere »): the rule''s first 30');
select has_index('public', 'products', 'products_published_newest_idx', 'the newest first: the page''s whole order in one index');
:as_anon
select throws_ok($$select * from public.catalogue_search_page_filtered(array['quokka'], null, 10, null, false, null, false, null, 0, -1)$$, '22023',
  'page_offset and page_limit: 0 or more', 'a negative limit: refused');

reset role;
select ok(not (select p.prosecdef from pg_catalog.pg_proc p
               where p.oid = 'public.catalogue_search_page_filtered(text[], text, numeric, numeric, boolean, integer, boolean, bigint[], integer, integer)'::regprocedure),
  'catalogue_search_page_filtered runs with the caller''s rights: row-level security decides the rows');

select * from finish();
rollback;
