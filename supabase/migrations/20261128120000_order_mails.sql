-- Order mails (issue 41): the database queues each mail of an order's life when the order
-- changes, and the edge function send-order-mails drains the queue through Resend. A queued mail
-- names its order and its kind only; the function words it from order_document when it sends it
-- (supabase/functions/send-order-mails/order-mails.ts, worded as src/domain/order/order-mails.ts).
--
--   an order is placed                 → confirmation (the buyer), nouvelle-commande (the owner)
--   its status becomes expediee/annulee → expediee / annulee (the buyer): keyed on the new status
--   a withdrawal is received           → retractation-recue (the owner)
--   a withdrawal is refunded           → remboursee (the buyer)
--
-- One row per order and kind, ever (unique): no mail is queued twice, and a row stays once sent
-- (sent_at), so a status that came back could not queue it again either. Nobody but service_role
-- reads or writes the queue; the triggers write it as its owner (security definer), whoever
-- changed the order.

create table public.order_mails (
  id bigint generated always as identity primary key,
  order_id bigint not null references public.orders (id) on delete cascade,
  kind text not null check (kind in ('confirmation', 'nouvelle-commande', 'expediee', 'annulee', 'remboursee', 'retractation-recue')),
  created_at timestamptz not null default now(),
  -- Sending attempts so far; a claimed row is not due again before next_attempt_at.
  attempts integer not null default 0 check (attempts >= 0),
  next_attempt_at timestamptz not null default now(),
  -- When Resend accepted it; null while it waits (or after its last attempt failed).
  sent_at timestamptz,
  -- What the last failed attempt said: for the owner, who reads the queue in the dashboard.
  last_error text check (char_length(last_error) <= 1000),
  constraint order_mails_once unique (order_id, kind)
);
comment on table public.order_mails is
  'The mails of an order''s life, queued by triggers, sent by send-order-mails (order_mails_claim, order_mails_settle); one per order and kind.';
-- The rows still to send, oldest due first: what order_mails_claim reads.
create index order_mails_due_idx on public.order_mails (next_attempt_at, id) where sent_at is null;

alter table public.order_mails enable row level security;
revoke all on table public.order_mails from public, anon, authenticated, service_role;
revoke all on sequence public.order_mails_id_seq from public, anon, authenticated, service_role;
grant select, insert, update, delete on table public.order_mails to service_role;
-- service_role bypasses row-level security; no policy lets any other role see a row.

-- ── What is queued ─────────────────────────────────────────────────────────────────────────
create function public.orders_queue_mails() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    insert into public.order_mails (order_id, kind)
    values (new.id, 'confirmation'), (new.id, 'nouvelle-commande')
    on conflict on constraint order_mails_once do nothing;
  else
    -- The buyer's mail of each new status: one more row here gives a new status its mail
    -- (src/domain/order/order-mails.ts, STATUS_MAILS, says the same).
    insert into public.order_mails (order_id, kind)
    select new.id, m.kind
    from (values ('expediee', 'expediee'), ('annulee', 'annulee')) as m (status, kind)
    where m.status = new.status
    on conflict on constraint order_mails_once do nothing;
  end if;
  return null;
end;
$$;
revoke execute on function public.orders_queue_mails() from public, anon, authenticated, service_role;
create trigger orders_queue_mails_placed
  after insert on public.orders
  for each row execute function public.orders_queue_mails();
create trigger orders_queue_mails_status
  after update of status on public.orders
  for each row
  when (old.status is distinct from new.status)
  execute function public.orders_queue_mails();

create function public.order_withdrawals_queue_mails() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  insert into public.order_mails (order_id, kind)
  select new.order_id, case when tg_op = 'INSERT' then 'retractation-recue' else 'remboursee' end
  where tg_op = 'INSERT' or new.status = 'remboursee'
  on conflict on constraint order_mails_once do nothing;
  return null;
end;
$$;
revoke execute on function public.order_withdrawals_queue_mails() from public, anon, authenticated, service_role;
create trigger order_withdrawals_queue_mails_received
  after insert on public.order_withdrawals
  for each row execute function public.order_withdrawals_queue_mails();
create trigger order_withdrawals_queue_mails_refunded
  after update of status on public.order_withdrawals
  for each row
  when (old.status is distinct from new.status)
  execute function public.order_withdrawals_queue_mails();

-- ── What send-order-mails calls (service_role) ─────────────────────────────────────────────
-- Claims up to `max_rows` due mails (at most 100) with their order as order_document writes it:
-- each claimed row gets one more attempt and is not due again for 1, 2, 4… 128 minutes, so two
-- runs never send one at once, and a run that dies before order_mails_settle leaves it to a later
-- one (Resend's Idempotency-Key, the row's id, keeps a retry within 24 hours from sending it
-- twice). After 8 attempts a row is no longer claimed: it stays unsent, with its last error, for
-- the owner to see. Security definer for order_document, which service_role may not execute.
create function public.order_mails_claim(max_rows integer default 20) returns jsonb
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  claimed jsonb;
begin
  with due as (
    select m.id from public.order_mails m
    where m.sent_at is null and m.attempts < 8 and m.next_attempt_at <= pg_catalog.now()
    order by m.next_attempt_at, m.id
    limit greatest(least(coalesce(max_rows, 20), 100), 1)
    for update skip locked
  ), taken as (
    update public.order_mails m
       set attempts = m.attempts + 1,
           next_attempt_at = pg_catalog.now() + pg_catalog.make_interval(mins => (2 ^ m.attempts)::integer)
      from due
     where m.id = due.id
    returning m.id, m.order_id, m.kind, m.attempts
  )
  select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
           'id', t.id, 'kind', t.kind, 'attempt', t.attempts, 'order', public.order_document(t.order_id)) order by t.id), '[]'::jsonb)
    into claimed
  from taken t;
  return claimed;
end;
$$;
comment on function public.order_mails_claim(integer) is
  'send-order-mails: the due mails [{id, kind, attempt, order}], claimed for a while (1, 2, 4… minutes).';

-- `sent`: the rows Resend accepted (sent_at set); `failed`: [{"id": …, "error": "…"}], the rows
-- whose attempt failed (their error kept; they are due again when order_mails_claim said).
create function public.order_mails_settle(sent bigint[], failed jsonb default '[]'::jsonb) returns void
  language sql
  set search_path = ''
as $$
  update public.order_mails m
     set sent_at = pg_catalog.now(), last_error = null
   where m.id = any (order_mails_settle.sent) and m.sent_at is null;
  update public.order_mails m
     set last_error = pg_catalog.left(f.error, 1000)
    from pg_catalog.jsonb_to_recordset(coalesce(order_mails_settle.failed, '[]'::jsonb)) as f (id bigint, error text)
   where m.id = f.id and m.sent_at is null;
$$;
comment on function public.order_mails_settle(bigint[], jsonb) is
  'send-order-mails: marks the mails Resend accepted as sent, and keeps the error of those it did not.';

revoke execute on function public.order_mails_claim(integer) from public, anon, authenticated, service_role;
revoke execute on function public.order_mails_settle(bigint[], jsonb) from public, anon, authenticated, service_role;
grant execute on function public.order_mails_claim(integer) to service_role;
grant execute on function public.order_mails_settle(bigint[], jsonb) to service_role;
