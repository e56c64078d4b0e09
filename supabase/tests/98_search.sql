-- The search served by its indexes, forgiving one letter, ranking exact words first (issue 28),
-- on 2,000 extra products; the rows added here are rolled back.
begin;
create extension if not exists pgtap with schema extensions;
select plan(15);

create function pg_temp.plan_of(query text) returns text
  language plpgsql
as $$
declare
  line text;
  plan text := '';
begin
  for line in execute 'explain (costs off) ' || query loop
    plan := plan || line || E'\n';
  end loop;
  return plan;
end;
$$;

insert into public.products (slug, name, description, price, category_id, stock, tags, created_at)
select 'volume-' || g, 'Produit ' || g || ' ' || (array['vase', 'plaid', 'carnet', 'savon'])[1 + g % 4], 'Un objet du quotidien.', 10 + g % 50,
       c.id, 5, array['maison'], now() - g * interval '1 minute'
from generate_series(1, 2000) g
join public.categories c on c.position = g % 8;
analyze public.products, public.catalogue_words;

-- What catalogue_search_hits asks, as its owner: the GIN index of the products' words, the
-- trigram index of the lexicon, and the category page's index serve it (whether the planner
-- prefers them at 100,000 products is what npm run bench:catalogue shows).
set local enable_seqscan = off;
select has_index('public', 'product_words', 'product_words_published_idx', 'the GIN index of the published products'' words');
select has_index('public', 'catalogue_words', 'catalogue_words_trigram_idx', 'the lexicon''s trigram index');
select matches(
  pg_temp.plan_of($$select id from public.products where is_published and category_slug = 'textile' order by price, (search_name collate "C"), (name collate "fr-x-icu"), id limit 24$$),
  'products_published_category_price_idx', 'a category sorted by price: products_published_category_price_idx');
select matches(
  pg_temp.plan_of($$select id from public.products where is_published and category_slug = 'textile' order by price desc, (search_name collate "C"), (name collate "fr-x-icu"), id limit 24$$),
  '^Limit\n  ->  Index (Only )?Scan using products_published_category_price_desc_idx', 'a category sorted by price descending: products_published_category_price_desc_idx, no sort');
reset enable_seqscan;
-- The words and the category's slug follow the product (20261126190000_catalogue_narrow_rows.sql).
update public.products set name = 'Produit zanzibar', category_id = (select id from public.categories where slug = 'textile') where slug = 'volume-1';
select ok((select w.words @@ 'zanzibar:A'::tsquery and not w.words @@ 'vase | plaid | carnet | savon'::tsquery and c.slug = 'textile'
            from public.product_words w join public.categories c on c.id = w.category_id join public.products p on p.id = w.product_id
            where p.slug = 'volume-1'),
  'a renamed product is found by its new words, in its new category');
update public.categories set slug = 'linge' where slug = 'textile';
select is((select category_slug from public.products where slug = 'volume-1'), 'linge', 'a category''s new slug is its products''');
update public.products set is_published = false where slug = 'volume-1';
select is((select w.is_published from public.product_words w join public.products p on p.id = w.product_id where p.slug = 'volume-1'), false,
  'an unpublished product leaves the search');
select is(public.catalogue_close_words('theire'), array['theiere'], 'the lexicon: « theire » is one letter from « theiere »');
select is(public.catalogue_close_words('bol'), '{}'::text[], 'a word of 3 letters is forgiven nothing');

set local role anon;
set local request.jwt.claims to '{"role": "anon"}';

select is((select name from public.catalogue_search(array['theire']) order by relevance desc, created_at desc limit 1),
  'Théière en fonte Kyoto', 'one missing letter: « theire » finds « Théière en fonte Kyoto »');
select is((select name from public.catalogue_search(array['theiare', 'kyoto']) order by relevance desc, created_at desc limit 1),
  'Théière en fonte Kyoto', 'one wrong letter, and a second word');
select is((select name from public.catalogue_search(array['theiere']) limit 1),
  'Théière en fonte Kyoto', '« THÉIÉRE » as the shop sends it, folded: « theiere »');
select ok((select count(*) from public.catalogue_search(array['kyo'])) = 1, 'a prefix while typing: « kyo »');
select is_empty($$select 1 from public.catalogue_search(array['thiire'])$$, 'two letters away: nothing');
-- « fonte » exact in the teapot's name ranks it before products found by a close word only.
select ok(
  (select bool_and(t.relevance >= 16) from (select relevance from public.catalogue_search(array['fonte']) order by relevance desc limit 2) t),
  'exact words rank first: the two products with « fonte » in their name lead');

select * from finish();
rollback;
