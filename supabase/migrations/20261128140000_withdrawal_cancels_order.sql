-- A withdrawal of everything that remains before the goods leave cancels the order
-- (20261128113000_several_withdrawals.sql: withdraw_from_order sets the transaction-local
-- shop.status_actor to 'withdrawal' for that update). The status trigger of
-- 20261128110000_order_paths.sql, restated: it took only the owner's and the provider's steps, so
-- that cancellation was refused (CM004) and the last withdrawal with it. Nothing else changes: an
-- API role cannot set the setting (PostgREST exposes no set_config), and 'withdrawal' allows
-- « annulée » only from a status whose goods have not left the shop.

create or replace function public.orders_status_transition() returns trigger
  language plpgsql
  set search_path = ''
as $$
declare
  labels constant jsonb := '{"en-attente-paiement": "en attente de paiement", "en-attente": "en attente", "payee": "payée", "prete": "prête à retirer", "expediee": "expédiée", "livree": "livrée", "retiree": "retirée", "annulee": "annulée"}';
  acting text := case pg_catalog.current_setting('shop.status_actor', true) when 'provider' then 'provider' when 'withdrawal' then 'withdrawal' else 'owner' end;
  order_path text := case
    when new.payment_method = 'carte' and new.delivery_method = 'retrait-boutique' then 'carte-retrait'
    when new.payment_method = 'carte' then 'carte-envoi'
    when new.delivery_method = 'retrait-boutique' then 'retrait'
    else 'livraison'
  end;
  step_actor text;
  leaves boolean;
begin
  if (pg_catalog.to_jsonb(new) - 'status' - 'owner' - 'delivered_at') is distinct from (pg_catalog.to_jsonb(old) - 'status' - 'owner' - 'delivered_at')
     or (new.owner is distinct from old.owner and new.owner is not null) then
    raise exception 'Seul le statut d’une commande peut changer.' using errcode = 'CM005';
  end if;
  -- The buyer's withdrawal of everything that remains, before the goods left the shop, cancels the
  -- order (withdraw_from_order, which alone sets this actor): a right of the buyer, not a step of
  -- the order's path.
  if acting = 'withdrawal' and new.status = 'annulee' and old.status in ('en-attente-paiement', 'en-attente', 'payee', 'prete') then
    new.delivered_at := old.delivered_at;
    return new;
  end if;
  if new.status is distinct from old.status then
    select pg_catalog.bool_or(true), pg_catalog.max(s.actor) filter (where s.to_status = new.status)
      into leaves, step_actor
    from (values
      ('carte-envoi', 'en-attente-paiement', 'payee', 'provider'),
      ('carte-envoi', 'en-attente-paiement', 'annulee', 'provider'),
      ('carte-envoi', 'payee', 'expediee', 'owner'),
      ('carte-envoi', 'payee', 'annulee', 'owner'),
      ('carte-envoi', 'expediee', 'livree', 'owner'),
      ('carte-retrait', 'en-attente-paiement', 'payee', 'provider'),
      ('carte-retrait', 'en-attente-paiement', 'annulee', 'provider'),
      ('carte-retrait', 'payee', 'prete', 'owner'),
      ('carte-retrait', 'payee', 'annulee', 'owner'),
      ('carte-retrait', 'prete', 'retiree', 'owner'),
      ('carte-retrait', 'prete', 'annulee', 'owner'),
      ('livraison', 'en-attente', 'expediee', 'owner'),
      ('livraison', 'en-attente', 'annulee', 'owner'),
      ('livraison', 'expediee', 'livree', 'owner'),
      ('retrait', 'en-attente', 'prete', 'owner'),
      ('retrait', 'en-attente', 'annulee', 'owner'),
      ('retrait', 'prete', 'retiree', 'owner'),
      ('retrait', 'prete', 'annulee', 'owner')
    ) as s (path, from_status, to_status, actor)
    where s.path = order_path and s.from_status = old.status;
    if step_actor = 'provider' and acting <> 'provider' then
      raise exception using
        errcode = 'CM004',
        message = 'Seul le prestataire de paiement confirme ou abandonne le paiement d’une commande par carte.',
        detail = pg_catalog.jsonb_build_object('from', old.status, 'to', new.status)::text;
    end if;
    if leaves is null then
      -- « Une commande « livrée » ne change plus de statut. »
      raise exception using
        errcode = 'CM004',
        message = pg_catalog.format(U&'Une commande \00AB\202F%s\202F\00BB ne change plus de statut.', coalesce(labels ->> old.status, old.status)),
        detail = pg_catalog.jsonb_build_object('from', old.status, 'to', new.status)::text;
    end if;
    if step_actor is distinct from acting then
      -- « Une commande « en attente » ne peut pas passer à « livrée ». »
      raise exception using
        errcode = 'CM004',
        message = pg_catalog.format(U&'Une commande \00AB\202F%s\202F\00BB ne peut pas passer \00E0 \00AB\202F%s\202F\00BB.',
                                    coalesce(labels ->> old.status, old.status), coalesce(labels ->> new.status, new.status)),
        detail = pg_catalog.jsonb_build_object('from', old.status, 'to', new.status)::text;
    end if;
  end if;
  new.delivered_at := case
    when new.status in ('livree', 'retiree') and new.status is distinct from old.status then pg_catalog.now()
    else old.delivered_at
  end;
  return new;
end;
$$;
