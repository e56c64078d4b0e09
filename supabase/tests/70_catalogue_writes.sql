-- The back office's writes (20261123194500_catalogue_writes.sql): admin_save_product and
-- admin_delete_product in the permission matrix (anon, a non-admin user whose user_metadata
-- claims admin, an admin), and the product rules of validateProductDraft refusing a bad row
-- even for an admin, through the function and straight into the table.
begin;
create extension if not exists pgtap with schema extensions;
select plan(43);

\set as_anon 'reset role; set local role anon; set local request.jwt.claims to ''{"role": "anon"}'';'
\set as_user 'reset role; set local role authenticated; set local request.jwt.claims to ''{"sub": "11111111-1111-4111-8111-111111111111", "role": "authenticated", "email": "client@example.fr", "app_metadata": {"provider": "email"}, "user_metadata": {"role": "admin"}}'';'
\set as_admin 'reset role; set local role authenticated; set local request.jwt.claims to ''{"sub": "22222222-2222-4222-8222-222222222222", "role": "authenticated", "email": "admin@example.fr", "app_metadata": {"provider": "email", "role": "admin"}}'';'

insert into public.categories (slug, name, position) values ('test-cat', 'Catégorie de test', 100);
insert into public.products (slug, name, price, category_id, stock)
select 'test-existant', 'Existant', 10, id, 3 from public.categories where slug = 'test-cat';

-- A call of admin_save_product with every argument named, as PostgREST makes it; `changes`
-- replaces some of a valid product's arguments (text as PostgREST sends it, cast by PostgreSQL).
create function pg_temp.save(changes jsonb default '{}') returns bigint
  language plpgsql
as $$
declare
  a jsonb := jsonb_build_object(
    'product_id', null, 'slug', 'test-bol', 'name', 'Bol en grès', 'description', 'Un bol.', 'price', '12.50',
    'on_sale', 'false', 'stock', '4', 'tags', '{bol}', 'images', '{/a.svg,/b.svg}', 'category_slug', 'test-cat',
    'new_category_name', null) || changes;
  saved bigint;
begin
  execute 'select public.admin_save_product(product_id => $1::bigint, slug => $2, name => $3, description => $4,
             price => $5::numeric, on_sale => $6::boolean, stock => $7::int, tags => $8::text[],
             images => $9::text[], category_slug => $10, new_category_name => $11)'
    into saved
    using a ->> 'product_id', a ->> 'slug', a ->> 'name', a ->> 'description', a ->> 'price', a ->> 'on_sale',
          a ->> 'stock', a ->> 'tags', a ->> 'images', a ->> 'category_slug', a ->> 'new_category_name';
  return saved;
end;
$$;
grant execute on function pg_temp.save(jsonb) to anon, authenticated;

create function pg_temp.pictures(product text) returns text
  language sql
as $$
  select string_agg(i.url || '@' || i.position, ' ' order by i.position)
  from public.product_images i join public.products p on p.id = i.product_id where p.slug = product
$$;
grant execute on function pg_temp.pictures(text) to authenticated;

-- ── anon ─────────────────────────────────────────────────────────────────────────────────
:as_anon
select throws_ok($$select pg_temp.save()$$, '42501', 'permission denied for function admin_save_product',
  'anon saves a product: refused');
select throws_ok($$select public.admin_delete_product(1)$$, '42501', 'permission denied for function admin_delete_product',
  'anon deletes a product: refused');

-- ── authenticated, not an admin ─────────────────────────────────────────────────────────
:as_user
select throws_ok($$select pg_temp.save()$$, '42501', 'only an admin saves a product', 'a user creates a product: refused');
select throws_ok(
  $$select pg_temp.save(jsonb_build_object('product_id', (select id from public.products where slug = 'test-existant')::text, 'slug', 'test-existant'))$$,
  '42501', 'only an admin saves a product', 'a user updates a product: refused');
select throws_ok($$select pg_temp.save('{"category_slug": "test-user-cat", "new_category_name": "Utilisateur"}')$$,
  '42501', 'only an admin saves a product', 'a user creates a category through it: refused');
select throws_ok($$select public.admin_delete_product((select id from public.products where slug = 'test-existant'))$$,
  '42501', 'only an admin deletes a product', 'a user deletes a product: refused');

-- ── admin ───────────────────────────────────────────────────────────────────────────────
:as_admin
select isnt(pg_temp.save(), null, 'an admin creates a product: its id');
select results_eq(
  $$select p.name || ' ' || p.price::text || ' ' || coalesce(p.original_price::text, '-') || ' ' || p.stock || ' ' || c.slug || ' ' || p.tags::text
    from public.products p join public.categories c on c.id = p.category_id where p.slug = 'test-bol'$$,
  array['Bol en grès 12.50 - 4 test-cat {bol}'], 'the product is stored as sent');
select is(pg_temp.pictures('test-bol'), '/a.svg@0 /b.svg@1', 'its pictures are stored in order');

-- Its price of 12.50 kept 60 days (20261126181000_price_history.sql), then put on sale at 9.90.
reset role;
update public.product_price_history set since = now() - interval '60 days' where product_id = (select id from public.products where slug = 'test-bol');
:as_admin
select is(pg_temp.save(jsonb_build_object('product_id', (select id from public.products where slug = 'test-bol')::text,
    'price', '9.90', 'on_sale', 'true', 'images', '{/c.svg,/a.svg}')),
  (select id from public.products where slug = 'test-bol'), 'an admin updates a product: the same id');
select results_eq($$select price::text || ' ' || original_price::text from public.products where slug = 'test-bol'$$,
  array['9.90 12.50'], 'the new price is stored, on sale against the reference price the database computed');
select is(pg_temp.pictures('test-bol'), '/c.svg@0 /a.svg@1', 'the pictures are replaced, in the new order');
select is(pg_temp.save('{"product_id": "999999999", "slug": "test-fantome"}'), null,
  'updating a product that no longer exists: null, nothing written');
select is_empty($$select 1 from public.products where slug = 'test-fantome'$$, 'no product was made for it');

select isnt(pg_temp.save('{"slug": "test-carnet", "category_slug": "test-papier", "new_category_name": "Papier fin"}'), null,
  'an admin creates a product in a new category');
select isnt(pg_temp.save('{"slug": "test-carnet-2", "category_slug": "test-papier", "new_category_name": "Papier fin"}'), null,
  'a second product names the same new category');
select results_eq(
  $$select c.name || ' ' || c.image || ' ' || (c.position > 100)::text || ' ' || count(p.id)
    from public.categories c left join public.products p on p.category_id = c.id where c.slug = 'test-papier' group by c.id$$,
  array['Papier fin /images/stock/produit-par-defaut.svg true 2'], 'the category was made once, after the others, and holds both');
select throws_ok($$select pg_temp.save('{"slug": "test-orphelin", "category_slug": "test-inconnue"}')$$,
  '23503', 'no category has the slug test-inconnue', 'an unknown category is refused');

select is(public.admin_delete_product((select id from public.products where slug = 'test-bol')), true,
  'an admin deletes a product: true');
select is_empty($$select 1 from public.product_images where url = '/c.svg'$$, 'its pictures went with it');
select is(public.admin_delete_product(999999999), false, 'deleting a product that no longer exists: false');

-- The rules, refused even for an admin: through the function…
select throws_ok($$select pg_temp.save('{"name": ""}')$$, '23514', null, 'an empty name is refused');
select throws_ok($$select pg_temp.save('{"name": " Bol"}')$$, '23514', null, 'an untrimmed name is refused');
select throws_ok($$select pg_temp.save(jsonb_build_object('name', repeat('a', 121)))$$, '23514', null, 'a name of 121 characters is refused');
select lives_ok($$select pg_temp.save(jsonb_build_object('slug', 'test-long', 'name', repeat('é', 120)))$$, 'a name of 120 characters is accepted');
select throws_ok($$select pg_temp.save('{"slug": "Test-Bol"}')$$, '23514', null, 'a slug with capitals is refused');
select throws_ok($$select pg_temp.save('{"slug": "test--bol"}')$$, '23514', null, 'a slug with a double hyphen is refused');
select throws_ok($$select pg_temp.save(jsonb_build_object('slug', repeat('a', 121)))$$, '23514', null, 'a slug of 121 characters is refused');
select throws_ok($$select pg_temp.save('{"slug": "test-existant"}')$$, '23505', 'duplicate key value violates unique constraint "products_slug_key"',
  'a slug another product has is refused');
select throws_ok($$select pg_temp.save('{"price": "0"}')$$, '23514',
  'new row for relation "products" violates check constraint "products_price_check"', 'a price of 0 is refused');
select lives_ok($$select pg_temp.save('{"slug": "test-centime", "price": "0.01"}')$$, 'a price of 0.01 is accepted');
select throws_ok($$select pg_temp.save('{"price": "12.345"}')$$, '23514',
  'new row for relation "products" violates check constraint "products_price_cents_check"', 'a price of 12.345 is refused, not rounded');
select throws_ok($$select pg_temp.save('{"price": "100000000"}')$$, '23514', null, 'a price above 99 999 999,99 is refused');
select lives_ok($$select pg_temp.save('{"slug": "test-egal", "price": "20", "on_sale": "false"}')$$,
  'a product not on sale is saved');
select throws_ok($$select pg_temp.save('{"price": "20", "on_sale": "true"}')$$, 'CM010', null,
  'a new product on sale is refused: it has had no other price');
select throws_ok($$select pg_temp.save(jsonb_build_object('product_id', (select id from public.products where slug = 'test-existant')::text,
    'slug', 'test-existant', 'price', '10', 'on_sale', 'true'))$$, 'CM010', null,
  'a product on sale at the price it has always had is refused');
select throws_ok($$select pg_temp.save('{"stock": "-1"}')$$, '23514',
  'new row for relation "products" violates check constraint "products_stock_check"', 'a stock of -1 is refused');
select throws_ok($$select pg_temp.save('{"stock": "2.5"}')$$, '22P02', null, 'a stock of 2.5 is refused, not rounded');
select throws_ok($$select pg_temp.save('{"stock": "1000001"}')$$, '23514', null, 'a stock above 1 000 000 is refused');
select throws_ok($$select pg_temp.save('{"category_slug": "", "new_category_name": "!!!"}')$$, '23514', null,
  'a new category whose slug is empty is refused');

-- …and straight into the table.
select throws_ok(
  $$insert into public.products (slug, name, price, category_id) select 'test-direct', 'Direct', 12.345, id from public.categories where slug = 'test-cat'$$,
  '23514', 'new row for relation "products" violates check constraint "products_price_cents_check"',
  'an insert with a price of 12.345 is refused');
select throws_ok($$update public.products set price = 0 where slug = 'test-existant'$$, '23514',
  'new row for relation "products" violates check constraint "products_price_check"', 'an update to a price of 0 is refused');

reset role;
select results_eq($$select slug from public.products where slug like 'test-%' order by slug$$,
  array['test-carnet', 'test-carnet-2', 'test-centime', 'test-egal', 'test-existant', 'test-long'],
  'the products hold exactly the admin''s accepted writes');

select * from finish();
rollback;
