-- Withdrawing from an order online (issue 25; Code de la consommation L. 221-18 and L. 221-21 as
-- amended by ordonnance n° 2026-2, D. 221-5 by décret n° 2026-3 of 5 January 2026).
--
-- The buyer may withdraw from the order until the end of the 14th day after the day it was
-- delivered, in Paris (before delivery too); the rule of src/domain/order/withdrawal.ts
-- (withdrawalDeadline). So the database keeps when an order became « livrée » (orders.delivered_at,
-- set by the status trigger, never by a caller), and a withdrawal is its own record beside the
-- order (order_withdrawals): received → goods returned → refunded, along a trigger's transitions.
--
-- Error codes (the shop translates them as it does place_order's CM00x):
--   CM020  the withdrawal period is over       « Le délai de rétractation de 14 jours a expiré le 12 novembre 2026. »
--   CM021  nothing to withdraw from             the order is cancelled, or already withdrawn from
--   CM022  a withdrawal change outside received → returned → refunded (detail: {"from", "to"})
--   CM003  lines that are not the order's (detail: {"field": "lines"})

-- ── When an order was delivered ────────────────────────────────────────────────────────────────
alter table public.orders add column delivered_at timestamptz;
comment on column public.orders.delivered_at is
  'When the order became « livree » (set by orders_status_transition): the withdrawal period runs from it.';

-- The status trigger of …_anonymous_user_cleanup.sql, restated: delivered_at is the trigger's to
-- write (the moment of the change to « livrée »), whatever an UPDATE says of it.
create or replace function public.orders_status_transition() returns trigger
  language plpgsql
  set search_path = ''
as $$
declare
  labels constant jsonb := '{"en-attente": "en attente", "payee": "payée", "expediee": "expédiée", "livree": "livrée", "annulee": "annulée"}';
begin
  if (pg_catalog.to_jsonb(new) - 'status' - 'owner' - 'delivered_at') is distinct from (pg_catalog.to_jsonb(old) - 'status' - 'owner' - 'delivered_at')
     or (new.owner is distinct from old.owner and new.owner is not null) then
    raise exception 'Seul le statut d’une commande peut changer.' using errcode = 'CM005';
  end if;
  if new.status is distinct from old.status and not (
       (old.status = 'en-attente' and new.status in ('payee', 'annulee'))
    or (old.status = 'payee' and new.status in ('expediee', 'annulee'))
    or (old.status = 'expediee' and new.status = 'livree')
  ) then
    -- « Une commande « livrée » ne peut pas passer à « annulée ». »
    raise exception using
      errcode = 'CM004',
      message = pg_catalog.format(U&'Une commande \00AB\202F%s\202F\00BB ne peut pas passer \00E0 \00AB\202F%s\202F\00BB.',
                                  coalesce(labels ->> old.status, old.status), coalesce(labels ->> new.status, new.status)),
      detail = pg_catalog.jsonb_build_object('from', old.status, 'to', new.status)::text;
  end if;
  new.delivered_at := case when new.status = 'livree' and old.status <> 'livree' then pg_catalog.now() else old.delivered_at end;
  return new;
end;
$$;
revoke execute on function public.orders_status_transition() from public, anon, authenticated, service_role;

-- ── The withdrawal ─────────────────────────────────────────────────────────────────────────────
create table public.order_withdrawals (
  order_id bigint primary key references public.orders (id) on delete cascade,
  status text not null default 'recue' check (status in ('recue', 'retournee', 'remboursee')),
  -- [{"line": <order_lines.position>, "quantity": n}, …], checked by withdraw_from_order.
  lines jsonb not null check (pg_catalog.jsonb_typeof(lines) = 'array' and pg_catalog.jsonb_array_length(lines) between 1 and 50),
  received_at timestamptz not null default now(),
  returned_at timestamptz,
  refunded_at timestamptz
);
comment on table public.order_withdrawals is
  'A buyer''s withdrawal from an order (one at most): written by withdraw_from_order, moved by admins (admin_set_withdrawal_status).';
alter table public.order_withdrawals enable row level security;
-- The partial index the back office's count of withdrawals to handle reads.
create index order_withdrawals_open_idx on public.order_withdrawals (received_at) where status <> 'remboursee';

revoke all on table public.order_withdrawals from public, anon, authenticated, service_role;
grant select on table public.order_withdrawals to authenticated, service_role;
grant update (status) on table public.order_withdrawals to authenticated;
create policy "Admins read withdrawals" on public.order_withdrawals
  for select to authenticated
  using (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin');
create policy "Admins move withdrawals" on public.order_withdrawals
  for update to authenticated
  using (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin')
  with check (((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin');

-- Received → returned → refunded (WITHDRAWAL_TRANSITIONS); each step keeps its moment; nothing else changes.
create function public.order_withdrawals_transition() returns trigger
  language plpgsql
  set search_path = ''
as $$
declare
  labels constant jsonb := '{"recue": "rétractation reçue", "retournee": "articles retournés", "remboursee": "remboursée"}';
begin
  if new.order_id is distinct from old.order_id or new.lines is distinct from old.lines or new.received_at is distinct from old.received_at then
    raise exception 'Seul le statut d’une rétractation peut changer.' using errcode = 'CM005';
  end if;
  if not ((old.status = 'recue' and new.status = 'retournee') or (old.status = 'retournee' and new.status = 'remboursee')) then
    raise exception using
      errcode = 'CM022',
      message = pg_catalog.format(U&'Une r\00E9tractation au statut \00AB\202F%s\202F\00BB ne peut pas passer \00E0 \00AB\202F%s\202F\00BB.',
                                  coalesce(labels ->> old.status, old.status), coalesce(labels ->> new.status, new.status)),
      detail = pg_catalog.jsonb_build_object('from', old.status, 'to', new.status)::text;
  end if;
  new.returned_at := case when new.status = 'retournee' then pg_catalog.now() else old.returned_at end;
  new.refunded_at := case when new.status = 'remboursee' then pg_catalog.now() else old.refunded_at end;
  return new;
end;
$$;
revoke execute on function public.order_withdrawals_transition() from public, anon, authenticated, service_role;
create trigger order_withdrawals_transition
  before update on public.order_withdrawals
  for each row execute function public.order_withdrawals_transition();

-- ── The order document, with its delivery and its withdrawal ─────────────────────────────────
-- Restated from 20261126170000_order_document.sql (the relay point, each line's VAT rate and the
-- VAT per rate, unchanged), plus `deliveredAt` and `withdrawal`.
create or replace function public.order_document(order_id bigint) returns jsonb
  language sql
  stable
  security invoker
  set search_path = ''
as $$
  select pg_catalog.jsonb_build_object(
    'number', o.number,
    'status', o.status,
    'createdAt', o.created_at,
    'deliveredAt', o.delivered_at,
    'email', o.email,
    'phone', o.phone,
    'recipientName', o.recipient_name,
    'addressLine', o.address_line,
    'postalCode', o.postal_code,
    'city', o.city,
    'country', o.country,
    'deliveryMethod', o.delivery_method,
    'relayPoint', o.relay_point,
    'paymentMethod', o.payment_method,
    'paymentLast4', o.payment_last4,
    'paymentReference', o.payment_reference,
    'subtotal', o.subtotal,
    'deliveryFee', o.delivery_fee,
    'total', o.total,
    'lines', (
      select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
               'productId', l.product_id,
               'name', l.product_name,
               'unitPrice', l.unit_price,
               'quantity', l.quantity,
               'picture', l.picture,
               'vatRate', l.vat_rate) order by l.position)
      from public.order_lines l
      where l.order_id = o.id
    ),
    'vatByRate', (
      with goods as (
        select l.vat_rate as rate, pg_catalog.sum(pg_catalog.round(l.unit_price * 100)::bigint * l.quantity) as cents
        from public.order_lines l
        where l.order_id = o.id
        group by l.vat_rate
      ),
      ranked as (
        select g.rate, g.cents,
               pg_catalog.round(o.delivery_fee * 100)::bigint as fee,
               pg_catalog.sum(g.cents) over () as subtotal,
               pg_catalog.row_number() over (order by g.cents desc, g.rate desc) as rank
        from goods g
      ),
      shared as (
        select r.rate, r.cents, r.fee, r.rank,
               -- fee × cents / subtotal, half up, on whole numbers
               pg_catalog.div(2 * r.fee * r.cents + r.subtotal, 2 * r.subtotal) as share
        from ranked r
      ),
      based as (
        select s.rate,
               s.cents + case when s.rank = 1
                              then s.fee - coalesce((select pg_catalog.sum(x.share) from shared x where x.rank > 1), 0)
                              else s.share end as base
        from shared s
      )
      select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
               'rate', b.rate,
               'base', (b.base / 100.0)::numeric(12, 2),
               'vat', (pg_catalog.div(2 * b.base * b.rate + (10000 + b.rate), 2 * (10000 + b.rate)) / 100.0)::numeric(12, 2))
             order by b.rate)
      from based b
    ),
    'withdrawal', (
      select pg_catalog.jsonb_build_object(
               'status', w.status,
               'lines', w.lines,
               'receivedAt', w.received_at,
               'returnedAt', w.returned_at,
               'refundedAt', w.refunded_at)
      from public.order_withdrawals w
      where w.order_id = o.id
    ))
  from public.orders o
  where o.id = order_document.order_id
$$;

-- ── The period, as the domain's withdrawalDeadline ─────────────────────────────────────────────
-- The last day of the period (Paris): the 14th day after the day of delivery; null before delivery.
create function public.withdrawal_last_day(delivered_at timestamptz) returns date
  language sql
  immutable
  set search_path = ''
as $$
  select (withdrawal_last_day.delivered_at at time zone 'Europe/Paris')::date + 14
$$;
revoke execute on function public.withdrawal_last_day(timestamptz) from public, anon, authenticated, service_role;

-- ── The buyer withdraws ────────────────────────────────────────────────────────────────────────
-- Whoever reads the order may withdraw from it: its owner (the session's user, my_orders) or the
-- device holding its secret (order_by_secret). Anyone else, and an unknown number, get null, as
-- order_by_secret answers. Security definer: the buyer has no privilege on the tables.
create function public.withdraw_from_order(number text, secret uuid default null, lines jsonb default '[]') returns jsonb
  language plpgsql
  volatile
  security definer
  set search_path = ''
as $$
declare
  target public.orders;
  last_day date;
  months constant text[] := array['janvier', U&'f\00E9vrier', 'mars', 'avril', 'mai', 'juin', 'juillet', U&'ao\00FBt', 'septembre', 'octobre', 'novembre', U&'d\00E9cembre'];
  chosen jsonb;
begin
  if pg_catalog.jsonb_typeof(withdraw_from_order.lines) is distinct from 'array' or pg_catalog.jsonb_array_length(withdraw_from_order.lines) > 50 then
    raise exception 'Un article choisi ne fait pas partie de cette commande, ou sa quantité dépasse celle commandée.' using errcode = 'CM003', detail = '{"field": "lines"}';
  end if;
  select o.* into target
  from public.orders o
  where o.number = withdraw_from_order.number
    and ((withdraw_from_order.secret is not null and o.secret = withdraw_from_order.secret)
         or (auth.uid() is not null and o.owner = auth.uid()))
  for update;
  if target.id is null then
    return null;
  end if;
  if exists (select 1 from public.order_withdrawals w where w.order_id = target.id) then
    raise exception 'Votre rétractation de cette commande a déjà été reçue.' using errcode = 'CM021';
  end if;
  if target.status = 'annulee' then
    raise exception using errcode = 'CM021', message = U&'Cette commande est annul\00E9e\00A0: il n\2019y a rien \00E0 r\00E9tracter.';
  end if;
  if target.delivered_at is not null then
    last_day := public.withdrawal_last_day(target.delivered_at);
    if pg_catalog.now() >= ((last_day + 1)::timestamp at time zone 'Europe/Paris') then
      raise exception using
        errcode = 'CM020',
        message = pg_catalog.format(U&'Le d\00E9lai de r\00E9tractation de 14 jours a expir\00E9 le %s %s %s.',
                                    extract(day from last_day)::int, months[extract(month from last_day)::int], extract(year from last_day)::int),
        detail = pg_catalog.jsonb_build_object('lastDay', last_day)::text;
    end if;
  end if;
  -- Each chosen line once, an existing position, 1 to the quantity ordered; at least one.
  select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('line', c.line, 'quantity', c.quantity) order by c.line) into chosen
  from (
    select (e ->> 'line')::int as line, (e ->> 'quantity')::int as quantity
    from pg_catalog.jsonb_array_elements(withdraw_from_order.lines) e
    where pg_catalog.jsonb_typeof(e -> 'line') = 'number' and pg_catalog.jsonb_typeof(e -> 'quantity') = 'number'
      and (e ->> 'quantity') ~ '^[0-9]{1,6}$' and (e ->> 'line') ~ '^[0-9]{1,6}$'
  ) c
  join public.order_lines l on l.order_id = target.id and l.position = c.line
  where c.quantity between 1 and l.quantity;
  if chosen is null then
    raise exception 'Choisissez au moins un article dont vous vous rétractez.' using errcode = 'CM003', detail = '{"field": "lines"}';
  end if;
  if pg_catalog.jsonb_array_length(chosen) <> pg_catalog.jsonb_array_length(withdraw_from_order.lines)
     or (select pg_catalog.count(distinct e ->> 'line') from pg_catalog.jsonb_array_elements(chosen) e) <> pg_catalog.jsonb_array_length(chosen) then
    raise exception 'Un article choisi ne fait pas partie de cette commande, ou sa quantité dépasse celle commandée.' using errcode = 'CM003', detail = '{"field": "lines"}';
  end if;
  insert into public.order_withdrawals (order_id, lines) values (target.id, chosen);
  return public.order_document(target.id);
end;
$$;
comment on function public.withdraw_from_order(text, uuid, jsonb) is
  'The buyer''s withdrawal (its owner, or the device with its secret): within 14 days of delivery (CM020), once (CM021), lines of the order (CM003).';
revoke execute on function public.withdraw_from_order(text, uuid, jsonb) from public, anon, authenticated, service_role;
grant execute on function public.withdraw_from_order(text, uuid, jsonb) to anon, authenticated;

-- ── The owner records the goods returned, then the refund ─────────────────────────────────────
-- Security invoker: the admin's grants and policies, and the transition trigger, decide.
create function public.admin_set_withdrawal_status(number text, status text) returns jsonb
  language plpgsql
  volatile
  security invoker
  set search_path = ''
as $$
declare
  target bigint;
begin
  if coalesce((select auth.jwt()) -> 'app_metadata' ->> 'role', '') <> 'admin' then
    raise exception 'only an admin records a withdrawal''s return or refund' using errcode = '42501';
  end if;
  select o.id into target from public.orders o where o.number = admin_set_withdrawal_status.number;
  if target is null then
    return null;
  end if;
  update public.order_withdrawals w set status = admin_set_withdrawal_status.status where w.order_id = target;
  if not found then
    raise exception 'Cette commande n’a pas de rétractation.' using errcode = 'CM022', detail = '{"from": null}';
  end if;
  return public.order_document(target);
end;
$$;
comment on function public.admin_set_withdrawal_status(text, text) is
  'Moves an order''s withdrawal: recue → retournee → remboursee (CM022 otherwise); admins only (42501).';
revoke execute on function public.admin_set_withdrawal_status(text, text) from public, anon, authenticated, service_role;
grant execute on function public.admin_set_withdrawal_status(text, text) to authenticated;
