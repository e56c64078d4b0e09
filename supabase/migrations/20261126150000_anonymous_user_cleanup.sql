-- Old anonymous users may go (issue 23).
--
-- With anonymous sign-ins on, Supabase Auth deletes the anonymous users made more than 30 days
-- ago, a hundred at a time, in its periodic cleanup. orders.owner references auth.users with
-- `on delete set null`: the order stays, owner-less, readable by its number and secret on the
-- device that placed it. But orders_status_transition refused any change but the status, that
-- `set null` included, so the cleanup's delete failed as a whole and no anonymous user was ever
-- deleted once one of them had ordered. An owner may now go, and nothing else but the status
-- may change: no role of the API may write `owner` (admins are granted the status column only).
create or replace function public.orders_status_transition() returns trigger
  language plpgsql
  set search_path = ''
as $$
declare
  labels constant jsonb := '{"en-attente": "en attente", "payee": "payée", "expediee": "expédiée", "livree": "livrée", "annulee": "annulée"}';
begin
  if (pg_catalog.to_jsonb(new) - 'status' - 'owner') is distinct from (pg_catalog.to_jsonb(old) - 'status' - 'owner')
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
  return new;
end;
$$;
revoke execute on function public.orders_status_transition() from public, anon, authenticated, service_role;
