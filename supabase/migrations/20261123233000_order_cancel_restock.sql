-- An order cancelled before it leaves the shop gives its units back: « en attente » or « payée »
-- → « annulée » (the only ways to « annulée », orders_status_transition) puts each line's
-- quantity back on its product's stock, in the same transaction as the status change. A line
-- whose product has since been deleted has nothing to give back. The products are locked in id
-- order first, as place_order locks them, so a cancellation and an order of the same products
-- never wait on each other in a circle.
--
-- Security invoker: it runs with the rights of whoever changed the status, an admin (only admins
-- may, admin_set_order_status and the policies), whose rights on products (admin_save_product's)
-- cover the stock. No API role may call it by itself.
create function public.orders_restock_on_cancel() returns trigger
  language plpgsql
  security invoker
  set search_path = ''
as $$
begin
  perform 1
     from public.products p
    where p.id in (select l.product_id from public.order_lines l where l.order_id = new.id)
    order by p.id
      for update;
  update public.products p
     set stock = p.stock + given.quantity
    from (select l.product_id, sum(l.quantity)::int as quantity
            from public.order_lines l
           where l.order_id = new.id and l.product_id is not null
           group by l.product_id) as given
   where p.id = given.product_id;
  return null;
end;
$$;
revoke execute on function public.orders_restock_on_cancel() from public, anon, authenticated, service_role;
comment on function public.orders_restock_on_cancel() is
  'After an order becomes « annulée »: its lines'' quantities go back to their products'' stock.';

create trigger orders_restock_on_cancel
  after update of status on public.orders
  for each row
  when (new.status = 'annulee' and old.status is distinct from 'annulee')
  execute function public.orders_restock_on_cancel();
