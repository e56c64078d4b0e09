-- The smaller holes of issue 23.
--
-- - The catalogue's sequences: no API role may use them (setval as anon moved the next id).
--   Inserting a row with an identity column needs no privilege on its sequence.
-- - A newsletter address is 254 characters at most, and the blanks trimmed around it are the
--   ones JavaScript's trim() removes (newsletter-subscribe finds the stored row with it), not
--   PostgreSQL's locale-dependent \s: an address ending in U+2003 was stored trimmed here and
--   looked up untrimmed by the function, which then answered mail-failed.
-- - The public `catalogue` bucket: a public bucket serves its files by URL without any policy;
--   a SELECT policy for everyone only let anyone list every file (drafts' pictures included).
--   Only admins read the rows now (listing, and the check Storage makes before a removal).

-- ── Sequences ──────────────────────────────────────────────────────────────────────────────
revoke all on all sequences in schema public from anon, authenticated;
alter default privileges in schema public revoke all on sequences from anon, authenticated;

-- ── Newsletter addresses ───────────────────────────────────────────────────────────────────
alter table public.newsletter_subscribers
  add constraint newsletter_subscribers_email_length_check check (char_length(email) <= 254) not valid;

create or replace function public.newsletter_subscribe(email text) returns jsonb
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  -- The blanks JavaScript's String.prototype.trim removes, named one by one (PostgreSQL's \s
  -- depends on the locale): newsletter-subscribe finds the row again with email.trim().
  address text := pg_catalog.lower(pg_catalog.regexp_replace(coalesce(newsletter_subscribe.email, ''),
    '^[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+|[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+$', '', 'g'));
  subscriber_id uuid;
begin
  -- « Looks like an email », as the local shop checks it (src/domain/newsletter/subscriber.ts).
  -- and 254 characters at most (RFC 5321's longest path), so no address burdens the index.
  if address !~ '^[^\s@]+@[^\s@]+\.[^\s@]+$' or pg_catalog.char_length(address) > 254 then
    return pg_catalog.jsonb_build_object('ok', false, 'code', 'invalid-email', 'message', 'Adresse email invalide');
  end if;

  insert into public.newsletter_subscribers as s (email, unsubscribe_token)
  values (
    address,
    pg_catalog.replace(pg_catalog.gen_random_uuid()::text, '-', '') || pg_catalog.replace(pg_catalog.gen_random_uuid()::text, '-', '')
  )
  on conflict on constraint newsletter_subscribers_email_key do nothing
  returning s.id into subscriber_id;
  if subscriber_id is not null then
    return pg_catalog.jsonb_build_object('ok', true, 'code', 'subscribed',
      'message', 'Inscription réussie ! Un email de confirmation vous a été envoyé.');
  end if;

  -- The address exists: the row lock makes a concurrent re-subscription wait, then see it active.
  update public.newsletter_subscribers as s
     set is_active = true, subscribed_at = pg_catalog.now(), confirmation_sent = false
   where s.email = address and not s.is_active
  returning s.id into subscriber_id;
  if subscriber_id is not null then
    return pg_catalog.jsonb_build_object('ok', true, 'code', 'resubscribed',
      'message', 'Inscription réactivée avec succès ! Vérifiez votre boîte mail.');
  end if;

  return pg_catalog.jsonb_build_object('ok', false, 'code', 'already-subscribed',
    'message', 'Cette adresse email est déjà inscrite à notre newsletter');
end;
$$;

revoke execute on function public.newsletter_subscribe(text) from public, anon, authenticated, service_role;
grant execute on function public.newsletter_subscribe(text) to anon, authenticated;

-- ── The catalogue bucket: no listing for everyone ──────────────────────────────────────────
drop policy "Everyone reads the catalogue's pictures" on storage.objects;
create policy "Admins read the catalogue's pictures" on storage.objects
  for select to authenticated
  using (bucket_id = 'catalogue' and ((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin');
