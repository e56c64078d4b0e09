-- Order mails along the order's paths (src/domain/order/order-mails.ts: placementMails and
-- STATUS_MAILS say the same). The trigger of 20261128120000_order_mails.sql, restated:
-- - a card order is confirmed (the buyer's confirmation, the owner's notice) when the provider
--   marks it « payée », not when placed « en attente de paiement »: an order whose payment never
--   came is not « confirmed », then cancelled; any other order is confirmed when placed;
-- - « prête » (a pickup ready at the shop) sends the buyer's « expédiée » mail, which says
--   « prête » for a pickup, as « expédiée » does for a parcel.
create or replace function public.orders_queue_mails() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    if new.payment_method <> 'carte' then
      insert into public.order_mails (order_id, kind)
      values (new.id, 'confirmation'), (new.id, 'nouvelle-commande')
      on conflict on constraint order_mails_once do nothing;
    end if;
  else
    insert into public.order_mails (order_id, kind)
    select new.id, m.kind
    from (values ('payee', 'confirmation'), ('payee', 'nouvelle-commande'), ('prete', 'expediee'), ('expediee', 'expediee'), ('annulee', 'annulee'))
      as m (status, kind)
    where m.status = new.status
    on conflict on constraint order_mails_once do nothing;
  end if;
  return null;
end;
$$;
