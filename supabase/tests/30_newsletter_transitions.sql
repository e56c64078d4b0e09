-- The newsletter's four transitions (spec §4) through the two functions, as a visitor calls
-- them, with the spec's exact answers (§5, §8): new -> active, active -> refused, inactive ->
-- active again (subscribed_at refreshed), active -> inactive by its token; and what is stored.
begin;
create extension if not exists pgtap with schema extensions;
select plan(27);

\set as_anon 'reset role; set local role anon; set local request.jwt.claims to ''{"role": "anon"}'';'

delete from public.newsletter_subscribers;

-- new -> active
:as_anon
select is(public.newsletter_subscribe('  Marie.Curie@Example.FR '),
  '{"ok": true, "code": "subscribed", "message": "Inscription réussie ! Un email de confirmation vous a été envoyé."}'::jsonb,
  'a new address is subscribed, with the spec''s message');
reset role;
select results_eq(
  $$select email, is_active, confirmation_sent from public.newsletter_subscribers$$,
  $$values ('marie.curie@example.fr', true, false)$$,
  'the address is stored trimmed and in lower case, active, no confirmation sent yet');
select ok((select subscribed_at = now() from public.newsletter_subscribers where email = 'marie.curie@example.fr'),
  'subscribed_at is the time of the subscription');
select ok((select unsubscribe_token ~ '^[0-9a-f]{64}$' from public.newsletter_subscribers where email = 'marie.curie@example.fr'),
  'the unsubscribe token is 64 random hexadecimal characters');

-- active -> refused as a duplicate, in any case and spacing
:as_anon
select is(public.newsletter_subscribe('MARIE.CURIE@EXAMPLE.FR'),
  '{"ok": false, "code": "already-subscribed", "message": "Cette adresse email est déjà inscrite à notre newsletter"}'::jsonb,
  'an active address typed in another case is refused, with the spec''s message');
reset role;
select is((select count(*)::int from public.newsletter_subscribers), 1, 'the duplicate added no row');

-- active -> inactive by its token
update public.newsletter_subscribers set unsubscribe_token = 'jeton-de-marie', subscribed_at = '2025-01-01T00:00:00Z';
:as_anon
select is(public.newsletter_unsubscribe('jeton-de-marie'),
  '{"ok": true, "code": "unsubscribed", "message": "Désinscription effectuée avec succès"}'::jsonb,
  'the token of an active subscriber unsubscribes, with the spec''s message');
reset role;
select is((select is_active from public.newsletter_subscribers where email = 'marie.curie@example.fr'), false,
  'the subscriber is now inactive (kept, not deleted)');

-- the same link followed again: already unsubscribed, nothing changes
:as_anon
select is(public.newsletter_unsubscribe('jeton-de-marie'),
  '{"ok": true, "code": "already-unsubscribed", "message": "Cette adresse email est déjà désinscrite de notre newsletter."}'::jsonb,
  'a token already used says the address is already unsubscribed (not the spec''s invalid-token message)');
reset role;
select is((select is_active from public.newsletter_subscribers where email = 'marie.curie@example.fr'), false,
  'following the link again leaves the subscriber inactive');

-- an unknown, empty or missing token is refused
:as_anon
select is(public.newsletter_unsubscribe('jeton-inconnu'),
  '{"ok": false, "code": "invalid-token", "message": "Token de désinscription invalide"}'::jsonb,
  'an unknown token is refused, with the spec''s message');
select is(public.newsletter_unsubscribe(''),
  '{"ok": false, "code": "invalid-token", "message": "Token de désinscription invalide"}'::jsonb,
  'an empty token is refused');
select is(public.newsletter_unsubscribe(null),
  '{"ok": false, "code": "invalid-token", "message": "Token de désinscription invalide"}'::jsonb,
  'a missing token is refused');

-- inactive -> active again
select is(public.newsletter_subscribe('marie.curie@example.fr'),
  '{"ok": true, "code": "resubscribed", "message": "Inscription réactivée avec succès ! Vérifiez votre boîte mail."}'::jsonb,
  'an inactive address subscribes again, with the spec''s message');
reset role;
select results_eq(
  $$select email, is_active, confirmation_sent, subscribed_at = now(), unsubscribe_token from public.newsletter_subscribers$$,
  $$values ('marie.curie@example.fr', true, false, true, 'jeton-de-marie')$$,
  'the same subscriber is active again, subscribed_at refreshed, a confirmation to send, its token kept');
select is((select count(*)::int from public.newsletter_subscribers), 1, 're-subscribing added no row');

-- malformed addresses: refused, nothing stored
:as_anon
select is(public.newsletter_subscribe('pas-une-adresse'),
  '{"ok": false, "code": "invalid-email", "message": "Adresse email invalide"}'::jsonb,
  'an address without @ is refused, with the spec''s message');
select is(public.newsletter_subscribe('marie@exemple') ->> 'code', 'invalid-email', 'an address without a dot after @ is refused');
select is(public.newsletter_subscribe('marie curie@example.fr') ->> 'code', 'invalid-email', 'an address with a space inside is refused');
select is(public.newsletter_subscribe('@example.fr') ->> 'code', 'invalid-email', 'an address with nothing before @ is refused');
select is(public.newsletter_subscribe('a@b@example.fr') ->> 'code', 'invalid-email', 'an address with two @ is refused');
select is(public.newsletter_subscribe('   ') ->> 'code', 'invalid-email', 'blanks are refused');
select is(public.newsletter_subscribe(null) ->> 'code', 'invalid-email', 'a missing address is refused');
reset role;
select is((select count(*)::int from public.newsletter_subscribers), 1, 'no malformed address was stored');

-- each subscriber gets a token of its own
:as_anon
select is(public.newsletter_subscribe('pierre@example.fr') ->> 'code', 'subscribed', 'a second address subscribes');
select is(public.newsletter_subscribe('Pierre@Example.fr') ->> 'code', 'already-subscribed', 'and is then a duplicate in any case');
reset role;
select is((select count(distinct unsubscribe_token)::int from public.newsletter_subscribers), 2,
  'two subscribers, two different unsubscribe tokens');

select * from finish();
rollback;
