-- Refunds of card payments (issue 41, point 2): when the owner cancels a paid card order, the
-- database records the refund owed (the order's total, once: one row an order), and the edge
-- function stripe-refund makes it through Stripe's refunds API (POST /v1/refunds with the
-- PaymentIntent and the amount, an idempotency key of the order), then marks it made.
--   payment_refunds: RLS on; the service role reads it and writes only what the refund's
--     progress needs (attempts, Stripe's refund id, when); nobody else has any privilege.
--   claim_payment_refunds(max_rows), settle_payment_refund(refund, provider_refund_id): the
--     service role's, security invoker (its own privileges on the table).
create table public.payment_refunds (
  id bigint generated always as identity primary key,
  order_id bigint not null unique references public.orders (id) on delete cascade,
  payment_reference text not null check (char_length(payment_reference) between 1 and 100),
  amount_cents bigint not null check (amount_cents > 0),
  requested_at timestamptz not null default now(),
  attempts int not null default 0 check (attempts >= 0),
  next_attempt_at timestamptz not null default now(),
  provider_refund_id text check (provider_refund_id ~ '^[A-Za-z0-9_]{1,255}$'),
  refunded_at timestamptz,
  check ((provider_refund_id is null) = (refunded_at is null))
);
comment on table public.payment_refunds is
  'A card payment to give back (an owner''s cancellation of a paid card order), once an order; made by stripe-refund.';
create index payment_refunds_due_idx on public.payment_refunds (next_attempt_at) where refunded_at is null;
alter table public.payment_refunds enable row level security;
revoke all on table public.payment_refunds from public, anon, authenticated, service_role;
grant select on table public.payment_refunds to service_role;
grant update (attempts, next_attempt_at, provider_refund_id, refunded_at) on table public.payment_refunds to service_role;
-- No policy: the service role bypasses row-level security, and nobody else may read or write.

-- The owner cancels a paid card order: its total is owed back. Security definer: the admin who
-- cancels has no privilege on the table.
create function public.orders_request_card_refund() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  if new.payment_method = 'carte' and new.payment_reference is not null then
    insert into public.payment_refunds (order_id, payment_reference, amount_cents)
    values (new.id, new.payment_reference, pg_catalog.round(new.total * 100)::bigint)
    on conflict (order_id) do nothing;
  end if;
  return null;
end;
$$;
revoke execute on function public.orders_request_card_refund() from public, anon, authenticated, service_role;
comment on function public.orders_request_card_refund() is
  'After a paid card order becomes « annulée »: its total is owed back (payment_refunds).';
create trigger orders_request_card_refund
  after update of status on public.orders
  for each row
  when (old.status = 'payee' and new.status = 'annulee')
  execute function public.orders_request_card_refund();

-- Up to max_rows refunds due (not made, their next attempt come): each attempt counted and the
-- next one put off 1, 2, 4 … 64 minutes, so that a refund Stripe refuses is tried again, not at once.
create function public.claim_payment_refunds(max_rows integer default 20) returns jsonb
  language sql
  volatile
  security invoker
  set search_path = ''
as $$
  with due as (
    select r.id from public.payment_refunds r
    where r.refunded_at is null and r.next_attempt_at <= pg_catalog.now()
    order by r.next_attempt_at, r.id
    limit least(greatest(coalesce(claim_payment_refunds.max_rows, 20), 0), 100)
    for update skip locked
  ),
  claimed as (
    update public.payment_refunds r
       set attempts = r.attempts + 1,
           next_attempt_at = pg_catalog.now() + pg_catalog.make_interval(mins => (1 << least(r.attempts, 6)))
      from due
     where r.id = due.id
    returning r.id, r.order_id, r.payment_reference, r.amount_cents
  )
  select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
           'id', c.id, 'orderNumber', o.number, 'paymentReference', c.payment_reference, 'amountCents', c.amount_cents) order by c.id), '[]')
  from claimed c join public.orders o on o.id = c.order_id
$$;
comment on function public.claim_payment_refunds(integer) is
  'The card refunds due (20, 100 at most), each attempt counted and the next put off; stripe-refund''s (service role).';
revoke execute on function public.claim_payment_refunds(integer) from public, anon, authenticated, service_role;
grant execute on function public.claim_payment_refunds(integer) to service_role;

-- Stripe made the refund: its id and when; a refund already made stays as it was.
create function public.settle_payment_refund(refund bigint, provider_refund_id text) returns void
  language sql
  volatile
  security invoker
  set search_path = ''
as $$
  update public.payment_refunds r
     set provider_refund_id = settle_payment_refund.provider_refund_id, refunded_at = pg_catalog.now()
   where r.id = settle_payment_refund.refund and r.refunded_at is null
$$;
comment on function public.settle_payment_refund(bigint, text) is
  'Records the refund Stripe made (its re_… id); stripe-refund''s (service role).';
revoke execute on function public.settle_payment_refund(bigint, text) from public, anon, authenticated, service_role;
grant execute on function public.settle_payment_refund(bigint, text) to service_role;
