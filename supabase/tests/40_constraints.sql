-- What the schema refuses whoever writes (even service_role, which bypasses row-level security):
-- an email not in lower case or twice, a negative price or stock; and what keeps the catalogue whole.
begin;
create extension if not exists pgtap with schema extensions;
select plan(14);

set local role service_role;
set local request.jwt.claims to '{"role": "service_role"}';

insert into public.categories (slug, name) values ('test-cat', 'Test');

select throws_ok(
  $$insert into public.newsletter_subscribers (email, unsubscribe_token) values ('Marie@Example.fr', 'jeton-1')$$,
  '23514', 'new row for relation "newsletter_subscribers" violates check constraint "newsletter_subscribers_email_check"',
  'an email with capitals is refused');
select lives_ok(
  $$insert into public.newsletter_subscribers (email, unsubscribe_token) values ('marie@example.fr', 'jeton-1')$$,
  'the same email in lower case is stored');
select throws_ok(
  $$insert into public.newsletter_subscribers (email, unsubscribe_token) values ('marie@example.fr', 'jeton-2')$$,
  '23505', 'duplicate key value violates unique constraint "newsletter_subscribers_email_key"',
  'an email already stored is refused');
select throws_ok(
  $$update public.newsletter_subscribers set email = 'MARIE@example.fr' where email = 'marie@example.fr'$$,
  '23514', null, 'an email cannot be changed to capitals either');
select throws_ok(
  $$insert into public.newsletter_subscribers (email, unsubscribe_token) values ('pierre@example.fr', 'jeton-1')$$,
  '23505', 'duplicate key value violates unique constraint "newsletter_subscribers_unsubscribe_token_key"',
  'an unsubscribe token already given is refused');

select throws_ok(
  $$insert into public.products (slug, name, price, category_id) select 'p', 'P', -0.01, id from public.categories where slug = 'test-cat'$$,
  '23514', 'new row for relation "products" violates check constraint "products_price_check"', 'a negative price is refused');
select throws_ok(
  $$insert into public.products (slug, name, price, original_price, category_id)
    select 'p', 'P', 5, -1, id from public.categories where slug = 'test-cat'$$,
  'CM010', null,
  'a negative original price is refused (a new product has no reduction: 20261126181000_price_history.sql)');
select throws_ok(
  $$insert into public.products (slug, name, price, stock, category_id) select 'p', 'P', 5, -1, id from public.categories where slug = 'test-cat'$$,
  '23514', 'new row for relation "products" violates check constraint "products_stock_check"', 'a negative stock is refused');
select lives_ok(
  $$insert into public.products (slug, name, price, stock, category_id) select 'gratuit', 'Gratuit', 0.01, 0, id from public.categories where slug = 'test-cat'$$,
  'a price of 0.01 and a stock of 0 are accepted (a price of 0 is refused: 70_catalogue_writes.sql)');
select throws_ok($$update public.products set stock = stock - 1 where slug = 'gratuit'$$,
  '23514', 'new row for relation "products" violates check constraint "products_stock_check"',
  'stock cannot go below 0 by an update');

select throws_ok(
  $$insert into public.products (slug, name, price, category_id) select 'gratuit', 'Encore', 1, id from public.categories where slug = 'test-cat'$$,
  '23505', 'duplicate key value violates unique constraint "products_slug_key"', 'two products cannot share a slug');
select throws_ok(
  $$insert into public.products (slug, name, price, category_id) values ('orphelin', 'Orphelin', 1, -42)$$,
  '23503', null, 'a product needs an existing category');
select throws_ok($$delete from public.categories where slug = 'test-cat'$$,
  '23503', null, 'a category that still has products cannot be deleted');

insert into public.product_images (product_id, url) select id, '/gratuit.svg' from public.products where slug = 'gratuit';
delete from public.products where slug = 'gratuit';
select is_empty($$select 1 from public.product_images where url = '/gratuit.svg'$$,
  'deleting a product deletes its pictures');

select * from finish();
rollback;
