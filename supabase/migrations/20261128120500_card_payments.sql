-- Card payments through a hosted provider (issue 41, points 2 and 5): Stripe Checkout.
--
-- A card order is placed « en attente de paiement » (its stock held, 20261128110000_order_paths.sql).
-- The edge function create-checkout-session reads the order the caller may pay (payable_order, as
-- the caller: its owner or the device holding its secret), opens a Checkout Session at Stripe for
-- the database's lines, fee and total, and stores it (record_payment_session). Stripe's signed
-- webhook (the edge function stripe-webhook) then tells the outcome, applied by
-- record_payment_outcome, once per event:
--   paid     → « payée », with the payment's reference and the card's last 4 digits on the order;
--   failed   → « annulée », « paiement refusé »;
--   expired  → « annulée », « délai de paiement expiré »;
--   both give the stock back (orders_restock_on_cancel), unless another session of the order is
--   still open (the shopper started again: its own outcome decides);
--   pending  → nothing changes (a completed session whose payment is still processing).
-- Only the service role (the edge functions' key) reads or writes the two tables and calls the two
-- recording functions; no browser ever does. A status step of the provider is taken only here:
-- record_payment_outcome sets the transaction's `shop.status_actor` to 'provider', which the
-- status trigger requires for it, and which no API role can set for an admin_set_order_status.

-- ── The order says why it was cancelled, and how it was paid ───────────────────────────────────
alter table public.orders add column cancellation_reason text check (char_length(cancellation_reason) between 1 and 200);
comment on column public.orders.cancellation_reason is
  'Why the order was cancelled, when the payment provider cancelled it (« paiement refusé », « délai de paiement expiré »).';

-- The status trigger (orders_status_transition) lets only the status change; the payment's
-- details come with the provider's step, from the transaction-local settings record_payment_outcome
-- sets. This trigger fires after it (BEFORE triggers fire in name order), so that the check sees a
-- status change alone; it writes nothing outside a provider step.
create function public.orders_payment_outcome_details() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  if coalesce(pg_catalog.current_setting('shop.status_actor', true), '') <> 'provider'
     or old.status <> 'en-attente-paiement' or new.status = old.status then
    return new;
  end if;
  if new.status = 'payee' then
    new.payment_reference := nullif(pg_catalog.current_setting('shop.payment_reference', true), '');
    new.payment_last4 := nullif(pg_catalog.current_setting('shop.payment_last4', true), '');
  elsif new.status = 'annulee' then
    -- release_unpaid_card_orders (an hour unpaid) says nothing: its payment delay ran out too.
    new.cancellation_reason := coalesce(nullif(pg_catalog.current_setting('shop.cancellation_reason', true), ''), 'délai de paiement expiré');
  end if;
  return new;
end;
$$;
revoke execute on function public.orders_payment_outcome_details() from public, anon, authenticated, service_role;
create trigger orders_status_transition_payment_details
  before update of status on public.orders
  for each row execute function public.orders_payment_outcome_details();

-- ── The sessions opened at the provider ────────────────────────────────────────────────────────
create table public.payment_sessions (
  id bigint generated always as identity primary key,
  order_id bigint not null references public.orders (id) on delete cascade,
  provider_session_id text not null unique check (provider_session_id ~ '^[A-Za-z0-9_]{1,255}$'),
  url text not null check (url ~ '^https?://' and char_length(url) <= 2048),
  amount_cents bigint not null check (amount_cents > 0),
  expires_at timestamptz not null,
  created_at timestamptz not null default now(),
  -- null while open; then what the provider said of it.
  outcome text check (outcome in ('paid', 'failed', 'expired'))
);
comment on table public.payment_sessions is
  'A Checkout Session opened at the payment provider for an order (create-checkout-session); service role only.';
create index payment_sessions_order_idx on public.payment_sessions (order_id, created_at desc);
alter table public.payment_sessions enable row level security;
revoke all on table public.payment_sessions from public, anon, authenticated, service_role;
grant select on table public.payment_sessions to service_role;

-- ── The provider's events, each applied once ───────────────────────────────────────────────────
create table public.payment_events (
  id bigint generated always as identity primary key,
  provider_event_id text not null unique check (provider_event_id ~ '^[A-Za-z0-9_]{1,255}$'),
  type text not null check (char_length(type) between 1 and 100),
  received_at timestamptz not null default now(),
  order_id bigint references public.orders (id) on delete set null,
  -- applied: the order moved; noted: nothing to move; refused-…: nothing changed, and why.
  outcome text not null check (outcome in ('applied', 'noted', 'refused-unknown-order', 'refused-unknown-session', 'refused-wrong-amount', 'refused-not-awaiting-payment'))
);
comment on table public.payment_events is
  'Every event the payment provider''s webhook delivered, once (its id), with what it did; service role only.';
create index payment_events_order_idx on public.payment_events (order_id);
alter table public.payment_events enable row level security;
revoke all on table public.payment_events from public, anon, authenticated, service_role;
grant select on table public.payment_events to service_role;

-- Row-level security: the service role bypasses it; nobody else has a policy, nor a privilege.

-- ── The order a caller may pay ─────────────────────────────────────────────────────────────────
-- Its owner (the session's user) or the device holding its secret, as withdraw_from_order decides;
-- anyone else, and an unknown number, get null. Amounts in cents, from the database only.
create function public.payable_order(number text, secret uuid default null) returns jsonb
  language sql
  stable
  security definer
  set search_path = ''
as $$
  select pg_catalog.jsonb_build_object(
    'number', o.number,
    'status', o.status,
    'email', o.email,
    'deliveryMethod', o.delivery_method,
    'deliveryFeeCents', pg_catalog.round(o.delivery_fee * 100)::bigint,
    'totalCents', pg_catalog.round(o.total * 100)::bigint,
    'sessions', (select pg_catalog.count(*) from public.payment_sessions s where s.order_id = o.id),
    'openSession', (
      select pg_catalog.jsonb_build_object('url', s.url, 'expiresAt', s.expires_at)
      from public.payment_sessions s
      where s.order_id = o.id and s.outcome is null and s.expires_at > pg_catalog.now() + interval '5 minutes'
      order by s.created_at desc
      limit 1),
    'lines', (
      select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
               'name', l.product_name,
               'unitPriceCents', pg_catalog.round(l.unit_price * 100)::bigint,
               'quantity', l.quantity) order by l.position)
      from public.order_lines l
      where l.order_id = o.id))
  from public.orders o
  where o.number = payable_order.number
    and ((payable_order.secret is not null and o.secret = payable_order.secret)
         or (auth.uid() is not null and o.owner = auth.uid()))
$$;
comment on function public.payable_order(text, uuid) is
  'The order its owner or the device with its secret may pay, amounts in cents (create-checkout-session); null otherwise.';
revoke execute on function public.payable_order(text, uuid) from public, anon, authenticated, service_role;
grant execute on function public.payable_order(text, uuid) to anon, authenticated;

-- ── A session opened ───────────────────────────────────────────────────────────────────────────
-- Kept only for an order still « en attente de paiement », for the order's total (CM030 otherwise:
-- the session is not recorded, and create-checkout-session says so).
create function public.record_payment_session(order_number text, session_id text, url text, amount_cents bigint, expires_at timestamptz)
  returns void
  language plpgsql
  volatile
  security definer
  set search_path = ''
as $$
declare
  target public.orders;
begin
  select o.* into target from public.orders o where o.number = record_payment_session.order_number for update;
  if target.id is null or target.status <> 'en-attente-paiement' or pg_catalog.round(target.total * 100) <> record_payment_session.amount_cents then
    raise exception 'Cette commande n’attend pas ce paiement.' using errcode = 'CM030';
  end if;
  insert into public.payment_sessions (order_id, provider_session_id, url, amount_cents, expires_at)
  values (target.id, record_payment_session.session_id, record_payment_session.url, record_payment_session.amount_cents, record_payment_session.expires_at)
  on conflict (provider_session_id) do nothing;
end;
$$;
comment on function public.record_payment_session(text, text, text, bigint, timestamptz) is
  'Stores the Checkout Session opened for an order awaiting payment, for its total (CM030 otherwise); service role only.';
revoke execute on function public.record_payment_session(text, text, text, bigint, timestamptz) from public, anon, authenticated, service_role;
grant execute on function public.record_payment_session(text, text, text, bigint, timestamptz) to service_role;

-- ── An event of the provider ───────────────────────────────────────────────────────────────────
-- outcome: 'paid' (amount_cents, payment_reference and card_last4 with it), 'failed', 'expired'
-- or 'pending'. Answers {"result": "applied" | "noted" | "replayed" | "refused", "outcome": the
-- event's recorded outcome, "status": the order's status}. A replayed event id changes nothing.
create function public.record_payment_outcome(
  event_id text,
  event_type text,
  session_id text,
  order_number text,
  outcome text,
  amount_cents bigint default null,
  payment_reference text default null,
  card_last4 text default null
) returns jsonb
  language plpgsql
  volatile
  security definer
  set search_path = ''
as $$
declare
  event_row bigint;
  target public.orders;
  session public.payment_sessions;
  recorded text;
  others_open boolean;
begin
  if record_payment_outcome.outcome is null or record_payment_outcome.outcome not in ('paid', 'failed', 'expired', 'pending') then
    raise exception 'unknown payment outcome %', record_payment_outcome.outcome using errcode = '22023';
  end if;
  -- The event first: a second delivery of it (even a concurrent one, which waits on the unique
  -- index until this transaction ends) finds it and changes nothing.
  insert into public.payment_events (provider_event_id, type, outcome)
  values (record_payment_outcome.event_id, record_payment_outcome.event_type, 'noted')
  on conflict (provider_event_id) do nothing
  returning id into event_row;
  if event_row is null then
    select e.outcome into recorded from public.payment_events e where e.provider_event_id = record_payment_outcome.event_id;
    return pg_catalog.jsonb_build_object('result', 'replayed', 'outcome', recorded);
  end if;

  select o.* into target from public.orders o where o.number = record_payment_outcome.order_number for update;
  if target.id is null then
    recorded := 'refused-unknown-order';
  else
    select s.* into session
    from public.payment_sessions s
    where s.provider_session_id = record_payment_outcome.session_id and s.order_id = target.id
    for update;
    if session.id is null then
      recorded := 'refused-unknown-session';
    elsif record_payment_outcome.outcome = 'pending' then
      recorded := 'noted';
    elsif target.status <> 'en-attente-paiement' then
      recorded := 'refused-not-awaiting-payment';
    elsif record_payment_outcome.outcome = 'paid'
          and (record_payment_outcome.amount_cents is distinct from pg_catalog.round(target.total * 100)::bigint
               or record_payment_outcome.amount_cents is distinct from session.amount_cents) then
      recorded := 'refused-wrong-amount';
    else
      update public.payment_sessions s set outcome = record_payment_outcome.outcome where s.id = session.id;
      select exists (
        select 1 from public.payment_sessions s
        where s.order_id = target.id and s.id <> session.id and s.outcome is null and s.expires_at > pg_catalog.now()
      ) into others_open;
      if record_payment_outcome.outcome <> 'paid' and others_open then
        recorded := 'noted';
      else
        perform pg_catalog.set_config('shop.status_actor', 'provider', true);
        if record_payment_outcome.outcome = 'paid' then
          perform pg_catalog.set_config('shop.payment_reference', coalesce(record_payment_outcome.payment_reference, ''), true);
          perform pg_catalog.set_config('shop.payment_last4', coalesce(record_payment_outcome.card_last4, ''), true);
          update public.orders o set status = 'payee' where o.id = target.id;
        else
          perform pg_catalog.set_config('shop.cancellation_reason',
            case record_payment_outcome.outcome when 'failed' then 'paiement refusé' else 'délai de paiement expiré' end, true);
          update public.orders o set status = 'annulee' where o.id = target.id;
        end if;
        -- Nothing of this step outlives it in the transaction.
        perform pg_catalog.set_config('shop.status_actor', '', true);
        perform pg_catalog.set_config('shop.payment_reference', '', true);
        perform pg_catalog.set_config('shop.payment_last4', '', true);
        perform pg_catalog.set_config('shop.cancellation_reason', '', true);
        recorded := 'applied';
      end if;
    end if;
  end if;

  update public.payment_events e set outcome = recorded, order_id = target.id where e.id = event_row;
  select o.status into target.status from public.orders o where o.id = target.id;
  return pg_catalog.jsonb_build_object(
    'result', case when recorded like 'refused-%' then 'refused' else recorded end,
    'outcome', recorded,
    'status', target.status);
end;
$$;
comment on function public.record_payment_outcome(text, text, text, text, text, bigint, text, text) is
  'Applies one event of the payment provider''s webhook, once: paid → « payée », failed or expired → « annulée » (stock back); service role only.';
revoke execute on function public.record_payment_outcome(text, text, text, text, text, bigint, text, text) from public, anon, authenticated, service_role;
grant execute on function public.record_payment_outcome(text, text, text, text, text, bigint, text, text) to service_role;
