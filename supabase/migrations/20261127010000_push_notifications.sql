-- Push notifications (issue 26): a shopper's device follows an order or a sold-out product, and
-- the database queues a notification when the order's status changes or the product comes back in
-- stock; the edge function send-push delivers the queue with Web Push (VAPID, aes128gcm).
--
-- Who a subscription belongs to: the request's user (auth.uid()), the anonymous user the shop
-- signs a shopper in as before their first order (20261125200000_anonymous_owners.sql). Without a
-- session (the anon key alone) nothing can be followed: the browser's adapter signs in first, as
-- the order repository does. An order is followed by its owner, or by whoever shows its number
-- and its secret (push_follow_order): the device that placed it keeps both.
--
--   push_subscriptions  one row per browser push subscription (endpoint unique, its two keys)
--   push_follows        what a subscription follows: an order or a product, once each
--   push_outbox         the notifications waiting for send-push, one per subscription and event
--
-- Only the owner reads, adds and deletes their subscriptions and follows; nobody updates them
-- (a browser whose keys change makes a new subscription). Admins read none of them: the keys let
-- anyone write to the device. No API role but service_role (send-push) touches the outbox.
-- Errors: CM003 (details {"field": "subscriptions" | "follows"}) past the caps below.

-- ── Tables ─────────────────────────────────────────────────────────────────────────────────
create table public.push_subscriptions (
  id bigint generated always as identity primary key,
  owner uuid not null default auth.uid() references auth.users (id) on delete cascade,
  -- The push service's URL for this browser (PushSubscription.endpoint). The policy below lets
  -- an API role add https:// ones only (the tests' fake push service, added by the owner, is http).
  endpoint text not null unique check (char_length(endpoint) between 10 and 2048 and endpoint ~ '^https?://[^\s]+$'),
  -- getKey('p256dh'): the browser's P-256 public key, uncompressed (65 bytes), base64url unpadded.
  p256dh text not null check (p256dh ~ '^B[A-Za-z0-9_-]{86}$'),
  -- getKey('auth'): the 16-byte authentication secret, base64url unpadded.
  auth text not null check (auth ~ '^[A-Za-z0-9_-]{22}$'),
  created_at timestamptz not null default now()
);
comment on table public.push_subscriptions is
  'A browser''s Web Push subscription, owned by the user (an anonymous one, usually) whose session added it.';
create index push_subscriptions_owner_idx on public.push_subscriptions (owner);

create table public.push_follows (
  id bigint generated always as identity primary key,
  subscription_id bigint not null references public.push_subscriptions (id) on delete cascade,
  order_id bigint references public.orders (id) on delete cascade,
  product_id bigint references public.products (id) on delete cascade,
  created_at timestamptz not null default now(),
  constraint push_follows_one_subject check (pg_catalog.num_nonnulls(order_id, product_id) = 1),
  constraint push_follows_order_once unique (subscription_id, order_id),
  constraint push_follows_product_once unique (subscription_id, product_id)
);
comment on table public.push_follows is
  'What a subscription follows: an order (its status changes) or a product (its return in stock).';
create index push_follows_order_idx on public.push_follows (order_id) where order_id is not null;
create index push_follows_product_idx on public.push_follows (product_id) where product_id is not null;

-- What the service worker receives is { title, body, url, tag }: send-push makes `url` absolute
-- with SITE_URL from `path` (the shop's own route, from its root).
create table public.push_outbox (
  id bigint generated always as identity primary key,
  subscription_id bigint not null references public.push_subscriptions (id) on delete cascade,
  title text not null,
  body text not null,
  path text not null check (path like '/%'),
  -- Notifications of one tag replace each other on the device (an order's latest status).
  tag text not null,
  created_at timestamptz not null default now(),
  -- Sending attempts so far; a claimed row is not due again before next_attempt_at.
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now()
);
comment on table public.push_outbox is
  'Notifications waiting for send-push: claimed by push_claim, deleted by push_settle once delivered.';
create index push_outbox_due_idx on public.push_outbox (next_attempt_at, id);
create index push_outbox_subscription_idx on public.push_outbox (subscription_id);

-- ── Caps: a session cannot make the outbox grow without bound ──────────────────────────────
-- 10 subscriptions a user (one per browser it uses) and 100 follows a subscription.
create function public.push_cap() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  if tg_table_name = 'push_subscriptions' then
    if (select pg_catalog.count(*) from public.push_subscriptions s where s.owner = new.owner) >= 10 then
      raise exception 'Trop d’appareils suivent déjà vos notifications.'
        using errcode = 'CM003', detail = '{"field": "subscriptions"}';
    end if;
  elsif (select pg_catalog.count(*) from public.push_follows f where f.subscription_id = new.subscription_id) >= 100 then
    raise exception 'Vous suivez déjà 100 commandes ou produits sur cet appareil.'
      using errcode = 'CM003', detail = '{"field": "follows"}';
  end if;
  return new;
end;
$$;
revoke execute on function public.push_cap() from public, anon, authenticated, service_role;
create trigger push_subscriptions_cap
  before insert on public.push_subscriptions
  for each row execute function public.push_cap();
create trigger push_follows_cap
  before insert on public.push_follows
  for each row execute function public.push_cap();

-- ── Row-level security ─────────────────────────────────────────────────────────────────────
alter table public.push_subscriptions enable row level security;
alter table public.push_follows enable row level security;
alter table public.push_outbox enable row level security;

revoke all on table public.push_subscriptions, public.push_follows, public.push_outbox from anon, authenticated, service_role;
revoke all on sequence public.push_subscriptions_id_seq, public.push_follows_id_seq, public.push_outbox_id_seq
  from anon, authenticated, service_role;
-- No UPDATE for anyone: a subscription or a follow is added or deleted, never changed.
grant select, delete on table public.push_subscriptions, public.push_follows to authenticated;
grant insert (endpoint, p256dh, auth) on table public.push_subscriptions to authenticated;
-- An order is followed through push_follow_order (its number and secret); a product directly.
grant insert (subscription_id, product_id) on table public.push_follows to authenticated;
-- send-push reads the keys and deletes what a push service answers 404 or 410 for.
grant select, delete on table public.push_subscriptions to service_role;
grant select, update, delete on table public.push_outbox to service_role;

create policy "Owners read their subscriptions" on public.push_subscriptions
  for select to authenticated
  using (owner = (select auth.uid()));
create policy "Owners add their subscriptions" on public.push_subscriptions
  for insert to authenticated
  with check (owner = (select auth.uid()) and endpoint like 'https://%');
create policy "Owners delete their subscriptions" on public.push_subscriptions
  for delete to authenticated
  using (owner = (select auth.uid()));

-- The subquery reads push_subscriptions under its own policy: the caller's rows only.
create policy "Owners read their follows" on public.push_follows
  for select to authenticated
  using (exists (select 1 from public.push_subscriptions s where s.id = subscription_id));
create policy "Owners follow a published product" on public.push_follows
  for insert to authenticated
  with check (
    order_id is null
    and exists (select 1 from public.push_subscriptions s where s.id = subscription_id)
    and exists (select 1 from public.products p where p.id = product_id and p.is_published)
  );
create policy "Owners delete their follows" on public.push_follows
  for delete to authenticated
  using (exists (select 1 from public.push_subscriptions s where s.id = subscription_id));

-- ── Following an order ─────────────────────────────────────────────────────────────────────
-- True when the caller's subscription now follows the order: the caller placed it (orders.owner)
-- or knows its secret, and its status may still change. False for anything else (another's
-- subscription, an unknown or final order, a wrong secret), with nothing written and nothing told.
create function public.push_follow_order(subscription bigint, number text, secret uuid default null) returns boolean
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  order_id bigint;
begin
  if auth.uid() is null
     or not exists (select 1 from public.push_subscriptions s where s.id = push_follow_order.subscription and s.owner = auth.uid()) then
    return false;
  end if;
  select o.id into order_id
  from public.orders o
  where o.number = push_follow_order.number
    and (o.owner = auth.uid() or o.secret = push_follow_order.secret)
    -- « livrée » and « annulée » are final: nothing more would come.
    and o.status not in ('livree', 'annulee');
  if order_id is null then
    return false;
  end if;
  insert into public.push_follows (subscription_id, order_id)
  values (push_follow_order.subscription, order_id)
  on conflict on constraint push_follows_order_once do nothing;
  return true;
end;
$$;
comment on function public.push_follow_order(bigint, text, uuid) is
  'The caller''s subscription follows an order it placed or whose secret it shows; false otherwise.';

-- « Notifications »: what the caller's subscriptions follow, with what the page names.
create function public.my_push_follows() returns jsonb
  language sql
  stable
  security definer
  set search_path = ''
as $$
  select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
           'id', f.id, 'subscription', s.id, 'endpoint', s.endpoint, 'createdAt', f.created_at,
           'order', o.number, 'productId', p.id, 'productSlug', p.slug, 'productName', p.name)
         order by f.created_at, f.id), '[]'::jsonb)
  from public.push_follows f
  join public.push_subscriptions s on s.id = f.subscription_id
  left join public.orders o on o.id = f.order_id
  left join public.products p on p.id = f.product_id
  where s.owner = auth.uid()
$$;
comment on function public.my_push_follows() is
  'What the request''s user follows: [{id, subscription, endpoint, createdAt, order | productId, productSlug, productName}].';

-- The browser's other calls, as RPCs (the shop's adapters write through functions, and read
-- tables): security invoker, so the policies above decide, exactly as for a plain INSERT or DELETE.
-- push_subscribe: this browser's subscription of the caller, added or found again (same endpoint
-- and keys); a changed key makes it anew (its follows go with the old one). 23505 when another
-- user holds the endpoint (docs/supabase.md: the browser subscribes anew).
create function public.push_subscribe(endpoint text, p256dh text, auth text) returns bigint
  language plpgsql
  set search_path = ''
as $$
declare
  found_id bigint;
begin
  select s.id into found_id
  from public.push_subscriptions s
  where s.endpoint = push_subscribe.endpoint and s.p256dh = push_subscribe.p256dh and s.auth = push_subscribe.auth;
  if found_id is not null then
    return found_id;
  end if;
  delete from public.push_subscriptions s where s.endpoint = push_subscribe.endpoint;
  insert into public.push_subscriptions (endpoint, p256dh, auth)
  values (push_subscribe.endpoint, push_subscribe.p256dh, push_subscribe.auth)
  returning id into found_id;
  return found_id;
end;
$$;
comment on function public.push_subscribe(text, text, text) is
  'The caller''s subscription for this endpoint and keys (added, or found again): its id.';

-- push_follow_product: true once the caller's subscription follows the published product (42501
-- otherwise, as the INSERT's policy says).
create function public.push_follow_product(subscription bigint, product bigint) returns boolean
  language sql
  set search_path = ''
as $$
  insert into public.push_follows (subscription_id, product_id)
  values (push_follow_product.subscription, push_follow_product.product)
  on conflict on constraint push_follows_product_once do nothing;
  select true;
$$;
comment on function public.push_follow_product(bigint, bigint) is
  'The caller''s subscription follows a published product (« Me prévenir du retour en stock »).';

-- push_unfollow: true when the caller's follow was there and is gone.
create function public.push_unfollow(follow bigint) returns boolean
  language sql
  set search_path = ''
as $$
  with gone as (delete from public.push_follows f where f.id = push_unfollow.follow returning 1)
  select exists (select 1 from gone);
$$;
comment on function public.push_unfollow(bigint) is 'The « Notifications » page turns a follow off (the caller''s only).';

-- push_unsubscribe: the browser's subscription of the caller deleted, with its follows.
create function public.push_unsubscribe(endpoint text) returns boolean
  language sql
  set search_path = ''
as $$
  with gone as (delete from public.push_subscriptions s where s.endpoint = push_unsubscribe.endpoint returning 1)
  select exists (select 1 from gone);
$$;
comment on function public.push_unsubscribe(text) is 'The caller''s subscription of this endpoint deleted, with what it follows.';

revoke execute on function public.push_subscribe(text, text, text) from public, anon, authenticated, service_role;
revoke execute on function public.push_follow_product(bigint, bigint) from public, anon, authenticated, service_role;
revoke execute on function public.push_unfollow(bigint) from public, anon, authenticated, service_role;
revoke execute on function public.push_unsubscribe(text) from public, anon, authenticated, service_role;
grant execute on function public.push_subscribe(text, text, text) to authenticated;
grant execute on function public.push_follow_product(bigint, bigint) to authenticated;
grant execute on function public.push_unfollow(bigint) to authenticated;
grant execute on function public.push_unsubscribe(text) to authenticated;
revoke execute on function public.push_follow_order(bigint, text, uuid) from public, anon, authenticated, service_role;
revoke execute on function public.my_push_follows() from public, anon, authenticated, service_role;
grant execute on function public.push_follow_order(bigint, text, uuid) to authenticated;
grant execute on function public.my_push_follows() to authenticated;

-- ── What is queued ─────────────────────────────────────────────────────────────────────────
-- An order's status changes to « expédiée », « livrée » or « annulée »: one notification per
-- subscription following it, worded for a pickup at the shop where that differs. A final status
-- (livree, annulee) ends the follows: nothing more will come.
create function public.orders_push_status() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  title text;
  ending text;
begin
  -- status, at the shop (retrait-boutique) or not, the title, and what follows « Votre commande CMD-… ».
  select t.title, t.ending into title, ending
  from (values
    ('expediee', false, 'Commande expédiée', 'a été expédiée.'),
    ('expediee', true, 'Commande prête', U&'est prête\00A0: elle vous attend en boutique.'),
    ('livree', false, 'Commande livrée', 'a été livrée.'),
    ('livree', true, 'Commande retirée', 'a été retirée en boutique. Merci de votre visite.'),
    ('annulee', false, 'Commande annulée', 'a été annulée.'),
    ('annulee', true, 'Commande annulée', 'a été annulée.')
  ) as t (status, pickup, title, ending)
  where t.status = new.status and t.pickup = (new.delivery_method = 'retrait-boutique');
  if title is null then
    return null;
  end if;
  insert into public.push_outbox (subscription_id, title, body, path, tag)
  select f.subscription_id, title, 'Votre commande ' || new.number || ' ' || ending, '/commande/confirmation/' || new.number, 'commande-' || new.number
  from public.push_follows f
  where f.order_id = new.id;
  if new.status in ('livree', 'annulee') then
    delete from public.push_follows f where f.order_id = new.id;
  end if;
  return null;
end;
$$;
revoke execute on function public.orders_push_status() from public, anon, authenticated, service_role;
create trigger orders_push_status
  after update of status on public.orders
  for each row
  when (old.status is distinct from new.status)
  execute function public.orders_push_status();

-- A published product's stock goes from 0 to more: one notification per subscription following
-- it, and the follow is done (« Me prévenir du retour en stock » is asked once).
create function public.products_push_restock() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  if not new.is_published then
    return null;
  end if;
  insert into public.push_outbox (subscription_id, title, body, path, tag)
  select f.subscription_id, 'De retour en stock', U&'\00AB\202F' || new.name || U&'\202F\00BB est de nouveau en stock.',
         '/produit/' || new.slug, 'produit-' || new.id
  from public.push_follows f
  where f.product_id = new.id;
  delete from public.push_follows f where f.product_id = new.id;
  return null;
end;
$$;
revoke execute on function public.products_push_restock() from public, anon, authenticated, service_role;
create trigger products_push_restock
  after update of stock on public.products
  for each row
  when (old.stock = 0 and new.stock > 0)
  execute function public.products_push_restock();

-- ── What send-push calls (service_role) ────────────────────────────────────────────────────
-- Claims up to `max_rows` due notifications (at most 500) with their subscription's endpoint and
-- keys: each claimed row gets one more attempt and is not due again for 1, 2, 4, 8 then 16
-- minutes, so two runs never send one twice, and a run that dies before push_settle leaves its
-- rows to a later one. A row past 5 attempts or a day old is dropped (the push service would
-- have dropped it too: send-push asks for a TTL of a day).
create function public.push_claim(max_rows integer default 100) returns jsonb
  language plpgsql
  set search_path = ''
as $$
declare
  claimed jsonb;
begin
  delete from public.push_outbox o
  where o.next_attempt_at <= pg_catalog.now()
    and (o.attempts >= 5 or o.created_at < pg_catalog.now() - interval '1 day');
  with due as (
    select o.id from public.push_outbox o
    where o.next_attempt_at <= pg_catalog.now()
    order by o.next_attempt_at, o.id
    limit greatest(least(coalesce(max_rows, 100), 500), 1)
    for update skip locked
  ), taken as (
    update public.push_outbox o
       set attempts = o.attempts + 1,
           next_attempt_at = pg_catalog.now() + pg_catalog.make_interval(mins => (2 ^ o.attempts)::integer)
      from due
     where o.id = due.id
    returning o.id, o.subscription_id, o.title, o.body, o.path, o.tag
  )
  select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
           'id', t.id, 'endpoint', s.endpoint, 'p256dh', s.p256dh, 'auth', s.auth,
           'title', t.title, 'body', t.body, 'path', t.path, 'tag', t.tag) order by t.id), '[]'::jsonb)
    into claimed
  from taken t
  join public.push_subscriptions s on s.id = t.subscription_id;
  return claimed;
end;
$$;
comment on function public.push_claim(integer) is
  'send-push: the due notifications [{id, endpoint, p256dh, auth, title, body, path, tag}], claimed for a while.';

-- `delivered`: outbox rows the push service accepted (deleted); `gone`: outbox rows whose push
-- service answered 404 or 410 (their subscription is deleted, with its follows and its queue).
-- Any other failure is left alone: the row is due again when push_claim said.
create function public.push_settle(delivered bigint[], gone bigint[]) returns void
  language sql
  set search_path = ''
as $$
  delete from public.push_subscriptions s
  using public.push_outbox o
  where o.id = any (push_settle.gone) and s.id = o.subscription_id;
  delete from public.push_outbox o where o.id = any (push_settle.delivered);
$$;
comment on function public.push_settle(bigint[], bigint[]) is
  'send-push: deletes the delivered notifications and the subscriptions a push service says are gone.';

revoke execute on function public.push_claim(integer) from public, anon, authenticated, service_role;
revoke execute on function public.push_settle(bigint[], bigint[]) from public, anon, authenticated, service_role;
grant execute on function public.push_claim(integer) to service_role;
grant execute on function public.push_settle(bigint[], bigint[]) to service_role;
