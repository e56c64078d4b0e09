-- The smaller holes of issue 23 (20261125193000_smaller_holes.sql): no API role uses a sequence
-- of public (setval as anon moved the next id), present or future; a newsletter address is 254
-- characters at most and trimmed of the blanks JavaScript's trim() removes, as the edge function
-- finds it again; nobody but an admin lists the public bucket's files.
begin;
create extension if not exists pgtap with schema extensions;
select plan(12);

\set as_anon 'reset role; set local role anon; set local request.jwt.claims to ''{"role": "anon"}'';'
\set as_user 'reset role; set local role authenticated; set local request.jwt.claims to ''{"sub": "11111111-1111-4111-8111-111111111111", "role": "authenticated", "email": "client@example.fr", "app_metadata": {"provider": "email"}, "user_metadata": {"role": "admin"}}'';'

-- ── Sequences ──────────────────────────────────────────────────────────────────────────────
select is_empty($$
  select c.relname from pg_catalog.pg_class c
  where c.relnamespace = 'public'::regnamespace and c.relkind = 'S'
    and (pg_catalog.has_sequence_privilege('anon', c.oid, 'USAGE, SELECT, UPDATE')
         or pg_catalog.has_sequence_privilege('authenticated', c.oid, 'USAGE, SELECT, UPDATE'))
$$, 'neither anon nor authenticated may use, read or set any sequence of public');
select is_empty($$
  select d.defaclrole from pg_catalog.pg_default_acl d
  where d.defaclnamespace = 'public'::regnamespace and d.defaclobjtype = 'S'
    and exists (select 1 from pg_catalog.aclexplode(d.defaclacl) a where a.grantee in ('anon'::regrole, 'authenticated'::regrole))
$$, 'and a sequence made later gets no privilege for them by default');
:as_anon
select throws_ok($$select pg_catalog.setval('public.products_id_seq', 1)$$, '42501', null, 'anon: setval on products_id_seq refused');
select throws_ok($$select pg_catalog.nextval('public.categories_id_seq')$$, '42501', null, 'anon: nextval on categories_id_seq refused');
:as_user
select throws_ok($$select pg_catalog.setval('public.product_images_id_seq', 1)$$, '42501', null, 'a user: setval on product_images_id_seq refused');
reset role;

-- ── Newsletter addresses ───────────────────────────────────────────────────────────────────
:as_anon
select is(public.newsletter_subscribe(repeat('a', 289) || '@exemple.fr') ->> 'code', 'invalid-email',
  'a 300-character address is invalid');
select is(public.newsletter_subscribe(repeat('a', 243) || '@exemple.fr') ->> 'code', 'subscribed',
  'a 254-character address is accepted');
select is(public.newsletter_subscribe(E'\u00a0Zoe@Exemple.fr\u2003\u3000\ufeff') ->> 'code', 'subscribed',
  'an address between U+00A0, U+2003, U+3000 and U+FEFF is accepted');
select is(public.newsletter_subscribe(E'\u200bzoe@exemple.fr') ->> 'code', 'subscribed',
  'U+200B, which trim() keeps, is kept too: another address');
reset role;
select results_eq($$select email::text from public.newsletter_subscribers where email like '%zoe%' order by email collate "C"$$,
  array['zoe@exemple.fr', E'\u200bzoe@exemple.fr'],
  'it is stored trimmed of exactly what JavaScript''s trim() removes, as newsletter-subscribe looks it up');
select throws_ok($$insert into public.newsletter_subscribers (email, unsubscribe_token) values (repeat('b', 300) || '@exemple.fr', 'x')$$,
  '23514', null, 'the table refuses an address past 254 characters, whoever writes');

-- ── The public bucket is not listed ────────────────────────────────────────────────────────
select is_empty($$
  select p.policyname from pg_catalog.pg_policies p
  where p.schemaname = 'storage' and p.tablename = 'objects' and p.cmd in ('SELECT', 'ALL')
    and (p.roles && array['anon', 'public']::name[]
         or coalesce(p.qual, '') !~ 'app_metadata')
$$, 'no policy lets anyone but an admin list storage.objects (a public bucket serves its files by URL)');

select * from finish();
rollback;
