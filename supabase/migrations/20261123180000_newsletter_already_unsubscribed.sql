-- A real unsubscribe link followed a second time (a mail program that opens links twice, a
-- shopper who clicks again) says the address is already unsubscribed, as the local shop does
-- (src/domain/newsletter/newsletter-service.ts); the spec's 'Token de désinscription invalide'
-- stays for a token no subscriber holds. Same signature, so the grants are kept; restated below.

create or replace function public.newsletter_unsubscribe(token text) returns jsonb
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
  if subscriber_id is not null then
    return pg_catalog.jsonb_build_object('ok', true, 'code', 'unsubscribed',
      'message', 'Désinscription effectuée avec succès');
  end if;

  perform 1 from public.newsletter_subscribers as s where s.unsubscribe_token = newsletter_unsubscribe.token;
  if found then
    return pg_catalog.jsonb_build_object('ok', true, 'code', 'already-unsubscribed',
      'message', 'Cette adresse email est déjà désinscrite de notre newsletter.');
  end if;

  return pg_catalog.jsonb_build_object('ok', false, 'code', 'invalid-token',
    'message', 'Token de désinscription invalide');
end;
$$;

revoke execute on function public.newsletter_unsubscribe(text) from public, anon, authenticated, service_role;
grant execute on function public.newsletter_unsubscribe(text) to anon, authenticated;
