-- Newsletter subscribers (spec §3, §4, §5, §8). A visitor never reads or writes the table:
-- subscribing and unsubscribing go through two security-definer functions that apply the
-- spec's transitions and answer {ok, code, message} with the spec's exact messages.
-- Admins read the subscribers and may change their state; the edge function uses service_role.

create table public.newsletter_subscribers (
  id uuid primary key default gen_random_uuid(),
  email text not null unique check (email = lower(email)),
  subscribed_at timestamptz not null default now(),
  is_active boolean not null default true,
  confirmation_sent boolean not null default false,
  unsubscribe_token text not null unique
);

-- The admin's list and the newsletter's recipients: the active subscribers.
create index newsletter_subscribers_active_idx on public.newsletter_subscribers (subscribed_at) where is_active;

alter table public.newsletter_subscribers enable row level security;

revoke all on table public.newsletter_subscribers from anon, authenticated, service_role;
grant select on table public.newsletter_subscribers to authenticated;
grant update (is_active, confirmation_sent) on table public.newsletter_subscribers to authenticated;
grant select, insert, update, delete on table public.newsletter_subscribers to service_role;

create policy "Admins read subscribers" on public.newsletter_subscribers
  for select to authenticated
  using (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin');
create policy "Admins change subscribers" on public.newsletter_subscribers
  for update to authenticated
  using (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin')
  with check (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin');

-- new -> active; active -> refused as a duplicate; inactive -> active again (subscribed_at
-- refreshed, a confirmation to send again). The address is trimmed and lower-cased here, so
-- the same address typed in another case is the same subscriber.
create function public.newsletter_subscribe(email text) returns jsonb
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  address text := pg_catalog.lower(pg_catalog.regexp_replace(coalesce(newsletter_subscribe.email, ''), '^\s+|\s+$', '', 'g'));
  subscriber_id uuid;
begin
  -- « Looks like an email », as the local shop checks it (src/domain/newsletter/subscriber.ts).
  if address !~ '^[^\s@]+@[^\s@]+\.[^\s@]+$' then
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

-- active -> inactive when the token matches; an unknown or already used token is refused.
create function public.newsletter_unsubscribe(token text) returns jsonb
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  subscriber_id uuid;
begin
  update public.newsletter_subscribers as s
     set is_active = false
   where s.unsubscribe_token = newsletter_unsubscribe.token and s.is_active
  returning s.id into subscriber_id;
  if subscriber_id is null then
    return pg_catalog.jsonb_build_object('ok', false, 'code', 'invalid-token',
      'message', 'Token de désinscription invalide');
  end if;
  return pg_catalog.jsonb_build_object('ok', true, 'code', 'unsubscribed',
    'message', 'Désinscription effectuée avec succès');
end;
$$;

revoke execute on function public.newsletter_subscribe(text) from public, anon, authenticated, service_role;
revoke execute on function public.newsletter_unsubscribe(text) from public, anon, authenticated, service_role;
grant execute on function public.newsletter_subscribe(text) to anon, authenticated;
grant execute on function public.newsletter_unsubscribe(text) to anon, authenticated;
