-- One order document for two changes made side by side (issue 24): 20261126160000_vat_rates.sql
-- and 20261126160500_delivery_choices.sql each restated order_document from its earlier version,
-- and the one applied last (delivery_choices) dropped the other's VAT. An order as the shop shows
-- it: its relay point (delivery_choices), each line's VAT rate and the VAT per rate (vat_rates,
-- whose rule its comment gives).
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
    ))
  from public.orders o
  where o.id = order_document.order_id
$$;
