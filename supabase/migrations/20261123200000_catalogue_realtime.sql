-- Catalogue changes reach an open storefront through Supabase Realtime (postgres_changes on
-- products and product_images: src/adapters/supabase/supabase-catalogue-changes.ts).
--
-- Realtime streams the changes of the tables in the `supabase_realtime` publication, which every
-- Supabase project has (empty at first). A table already added (from the dashboard, say) is left
-- as it is: `alter publication … add table` refuses a table that is already a member.
do $$
declare
  name text;
begin
  foreach name in array array['products', 'product_images'] loop
    if not exists (
      select 1 from pg_catalog.pg_publication_tables
       where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = name
    ) then
      execute format('alter publication supabase_realtime add table public.%I', name);
    end if;
  end loop;
end;
$$;

-- Realtime applies row-level security: a visitor hears of a row only if they may read it. A
-- DELETE cannot be checked against a row that is gone, so Realtime sends it to every subscriber
-- with the primary key alone (even under REPLICA IDENTITY FULL): a deleted picture's event names
-- the picture, never its product. So every change of a product's pictures also touches the
-- product's row (its updated_at, by products_touch_updated_at): that UPDATE names the product,
-- after the pictures changed. An invoker function: it changes a product only where the writer
-- of the pictures may (admins, by the policies on products).
create function public.touch_product_of_picture() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  update public.products set updated_at = pg_catalog.now()
   where id in (new.product_id, old.product_id);
  return null;
end;
$$;
revoke execute on function public.touch_product_of_picture() from public, anon, authenticated, service_role;

create trigger product_images_touch_product
  after insert or update or delete on public.product_images
  for each row execute function public.touch_product_of_picture();
