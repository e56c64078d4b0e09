-- Where the shop delivers (issue 42, item 5): metropolitan France, Corsica and Monaco, not
-- overseas. A parcel sent from mainland France to Guadeloupe, Martinique or La Réunion is an
-- export, sold without French VAT and taxed at import (octroi de mer, local VAT); Guyane and
-- Mayotte have no VAT. place_order prices every order with French VAT and one fee per method, so
-- the shop does not deliver there rather than charge a wrong price (src/domain/order/postal-code.ts
-- holds the same zones; the domain refuses first, with the same French message).
--
-- The rule is a trigger on the insert of an order, which place_order is the only writer of: it
-- refuses, inside place_order's transaction, an address or a relay point whose postal code is
-- not in a zone delivered (CM003, details {"field": …}, as place_order's own checks), and a
-- refused order writes nothing. A trigger rather than place_order restated: its body (14
-- arguments, the caps, the stock) stays where its last migration left it, and whichever
-- migration restates it next cannot drop this check by copying an older body.
-- A pickup at the shop stores no address (…_delivery_choices.sql): nothing to check, and it stays
-- open to a shopper living anywhere.
--
-- Zones by the first digits of the code: 01 to 95 (20: Corsica), 980 (Monaco, 98000 and its
-- CEDEX). Overseas: 971 to 978 and 984 to 988, refused with the reason; anything else does not
-- exist in France.

create function public.orders_delivery_zone() returns trigger
  language plpgsql
  set search_path = ''
as $$
declare
  code text;
  field text;
begin
  foreach field in array array['postalCode', 'relayPoint'] loop
    code := case field when 'postalCode' then new.postal_code else new.relay_point ->> 'postalCode' end;
    continue when code is null or code ~ '^((0[1-9]|[1-8][0-9]|9[0-5])[0-9]{3}|980[0-9]{2})$';
    if code ~ '^(97[1-8]|98[4-8])[0-9]{2}$' then
      raise exception using
        errcode = 'CM003',
        -- The domain's CHECKOUT_MESSAGES.postalCodeNotDelivered, its no-break space before « : » spelled out.
        message = 'Nous livrons la France métropolitaine, la Corse et Monaco, mais pas l’outre-mer' || U&'\00A0'
          || ': un colis y est taxé à l’importation (octroi de mer, TVA locale), ce que nos prix TVA française comprise ne prévoient pas. '
          || 'Le retrait en boutique reste possible.',
        detail = pg_catalog.jsonb_build_object('field', field)::text;
    end if;
    raise exception using
      errcode = 'CM003',
      message = 'Ce code postal n’existe pas en France. Vérifiez-le, par exemple 75011.',
      detail = pg_catalog.jsonb_build_object('field', field)::text;
  end loop;
  return new;
end;
$$;
revoke execute on function public.orders_delivery_zone() from public, anon, authenticated, service_role;
comment on function public.orders_delivery_zone() is
  'Refuses an order whose address or relay point is not in a zone delivered: metropolitan France, Corsica, Monaco (CM003).';

create trigger orders_delivery_zone
  before insert on public.orders
  for each row execute function public.orders_delivery_zone();
