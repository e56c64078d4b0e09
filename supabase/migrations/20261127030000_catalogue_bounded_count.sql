-- The catalogue's counts stop at a bound (issue 28, after 20261127020000).
--
-- The shop read each page's count with PostgREST's count=exact: the whole filtered set counted
-- for every page, 600 ms for a search that 2,800 of 100,000 products match before the search was
-- indexed, still 20 to 30 ms after. A shopper is told « 1 234 produits » up to a bound and « plus
-- de 1 000 produits » beyond it (COUNT_BOUND in src/domain/catalogue/catalogue-query.ts): the
-- count needs to read no more than the bound's rows plus one.
--
-- catalogue_count takes the shop's filters (the same as the adapter's page request, see
-- src/adapters/supabase/supabase-catalogue.ts) and up_to, and answers how many published
-- products match, counting at most up_to + 1 of them. It runs with the caller's rights over the
-- view catalogue_products (security invoker: row-level security applies as to the page), and an
-- oversized search is refused as catalogue_search refuses it (CM006, by catalogue_search_hits).
-- The statement is written for the filters given (format with only those), so each call is
-- planned for what it asks: a category count reads the category's index, a search its hits.
create function public.catalogue_count(
  words text[],
  category text,
  min_price numeric,
  max_price numeric,
  in_stock_only boolean,
  max_stock integer,
  on_sale_only boolean,
  ids bigint[],
  up_to integer
) returns integer
  language plpgsql
  stable
  set search_path = ''
as $$
declare
  conditions text[] := '{}';
  counted integer;
  searched boolean := exists (select 1 from pg_catalog.unnest(catalogue_count.words) as w where w <> '');
begin
  if up_to is null or up_to < 0 then
    raise exception using errcode = '22023', message = 'up_to: a count of 0 or more';
  end if;
  if category is not null then conditions := conditions || 'v.category_slug = $2'::text; end if;
  if min_price is not null then conditions := conditions || 'v.price >= $3'::text; end if;
  if max_price is not null then conditions := conditions || 'v.price <= $4'::text; end if;
  if coalesce(in_stock_only, false) then conditions := conditions || 'v.stock > 0'::text; end if;
  if max_stock is not null then conditions := conditions || 'v.stock <= $5'::text; end if;
  if coalesce(on_sale_only, false) then conditions := conditions || 'v.on_sale'::text; end if;
  if ids is not null then conditions := conditions || 'v.id = any($6)'::text; end if;
  if searched then
    -- Refused past 20 words or 200 characters before anything is read (CM006).
    conditions := conditions || 'v.id in (select h.id from public.catalogue_search_hits($1) as h)'::text;
  elsif pg_catalog.cardinality(words) > 20 then
    perform public.catalogue_search_hits(words);
  end if;
  execute pg_catalog.format(
    'select pg_catalog.count(*)::int from (select from public.catalogue_products v %s limit $7) as counted',
    case when pg_catalog.cardinality(conditions) = 0 then '' else 'where ' || pg_catalog.array_to_string(conditions, ' and ') end)
    into counted
    using words, category, min_price, max_price, max_stock, ids, up_to::bigint + 1;
  return counted;
end;
$$;
revoke execute on function public.catalogue_count(text[], text, numeric, numeric, boolean, integer, boolean, bigint[], integer)
  from public, anon, authenticated, service_role;
grant execute on function public.catalogue_count(text[], text, numeric, numeric, boolean, integer, boolean, bigint[], integer)
  to anon, authenticated, service_role;
