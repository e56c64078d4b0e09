-- The catalogue's search served by indexes, and forgiving one wrong letter (issue 28).
--
-- The rule (the same as src/domain/catalogue/run-catalogue-query.ts): the words of a search come
-- folded by the shop (normalizeSearchText); a word matches a field (the name, the tags, the
-- category's name, the description) when a word of the field starts with it (« exact », as
-- before), or, for a word of 4 letters or more, when a word of the field is one letter away from
-- it: one wrong, missing or extra letter (Levenshtein distance 1, « close »). A product is found
-- when every word matches one of its fields. Its relevance adds, per word and field, the field's
-- weight (name 8, tags 4, category 2, description 1) times 16 for an exact match, times 1 for a
-- close one: exact words rank first, and among exact matches the order is the one of before.
--
-- How it is served. Each product keeps its folded words in a tsvector (search_vector: the name's
-- words weighted A, the tags' B, the description's D), indexed by GIN: a word's exact matches are
-- the prefix query 'word':*, which GIN answers. Close words are found in the lexicon of every word
-- the catalogue uses (catalogue_words, indexed by pg_trgm's trigrams; fuzzystrmatch's levenshtein
-- checks each candidate), then asked of the same GIN index as whole words. The text search runs
-- on the words the shop folded itself (catalogue_fold), with no stemmer and no unaccent: the
-- French stemmer and unaccent's rules would match words the shop's own rule does not (unaccent
-- turns ø into o, the stemmer « chocolats » into « chocolat »), and the local catalogue must give
-- the same answers; a plural is one extra letter, which the close match forgives.
--
-- Row-level security keeps a filter that is not leakproof (the text search's @@ is not) out of
-- the index conditions for a visitor: catalogue_search_hits is therefore a security definer that
-- reads only published products (what the visitors' policy shows) and answers ids and relevance;
-- catalogue_search joins them to catalogue_products under the caller's rights, as before.
create extension if not exists pg_trgm with schema extensions;
create extension if not exists fuzzystrmatch with schema extensions;

-- ── Each product's words, weighted by field ────────────────────────────────────────────────
create function public.catalogue_words_vector(folded text, weight "char") returns tsvector
  language sql
  immutable
  strict
  parallel safe
  set search_path = ''
as $$
  -- Each word at position 1 with the field's weight: a lexeme without a position would match a
  -- query of any weight.
  select coalesce(pg_catalog.string_agg(pg_catalog.quote_literal(w) || ':1' || weight::text, ' ')::tsvector, ''::tsvector)
  from pg_catalog.unnest(pg_catalog.string_to_array(pg_catalog.btrim(folded), ' ')) as w
  where w <> ''
$$;
revoke execute on function public.catalogue_words_vector(text, "char") from public, anon, authenticated, service_role;
grant execute on function public.catalogue_words_vector(text, "char") to authenticated, service_role;

alter table public.products
  add column search_vector tsvector not null generated always as (
    public.catalogue_words_vector(public.catalogue_fold(array[name]), 'A')
    || public.catalogue_words_vector(public.catalogue_fold(tags), 'B')
    || public.catalogue_words_vector(public.catalogue_fold(array[description]), 'D')
  ) stored;
create index products_published_search_idx on public.products using gin (search_vector) where is_published;

-- ── The lexicon: every word of the catalogue, for close matches ────────────────────────────
-- Words are added as products and categories are written, never removed: a word no product
-- has any more only costs a look-up that finds nothing.
create table public.catalogue_words (word text collate "C" primary key);
alter table public.catalogue_words enable row level security;
revoke all on table public.catalogue_words from anon, authenticated, service_role;
create index catalogue_words_trigram_idx on public.catalogue_words using gin (word extensions.gin_trgm_ops);

create function public.catalogue_learn_words(folded text) returns void
  language sql
  security definer
  set search_path = ''
as $$
  insert into public.catalogue_words (word)
  select distinct w from pg_catalog.unnest(pg_catalog.string_to_array(pg_catalog.btrim(folded), ' ')) as w
  where w <> ''
  on conflict do nothing
$$;
revoke execute on function public.catalogue_learn_words(text) from public, anon, authenticated, service_role;

create function public.products_learn_words() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  perform public.catalogue_learn_words(new.search_name || new.search_tags || new.search_description);
  return null;
end;
$$;
revoke execute on function public.products_learn_words() from public, anon, authenticated, service_role;
create trigger products_learn_words after insert or update of name, tags, description on public.products
  for each row execute function public.products_learn_words();

create function public.categories_learn_words() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  perform public.catalogue_learn_words(new.search_name);
  return null;
end;
$$;
revoke execute on function public.categories_learn_words() from public, anon, authenticated, service_role;
create trigger categories_learn_words after insert or update of name on public.categories
  for each row execute function public.categories_learn_words();

insert into public.catalogue_words (word)
select distinct w from (
  select pg_catalog.unnest(pg_catalog.string_to_array(pg_catalog.btrim(p.search_name || p.search_tags || p.search_description), ' ')) as w from public.products p
  union all
  select pg_catalog.unnest(pg_catalog.string_to_array(pg_catalog.btrim(c.search_name), ' ')) from public.categories c
) as words
where w <> ''
on conflict do nothing;

-- ── The category page sorted by price: one index gives the page's order ───────────────────
create index products_published_category_price_idx on public.products (category_id, price, (search_name collate "C"), (name collate "fr-x-icu"), id) where is_published;

-- ── The words close to a word (one letter away), from the lexicon ──────────────────────────
-- pg_trgm's similarity at 0.2 keeps every word one edit away from a word of 4 letters or more
-- (at worst 2 of 8 trigrams shared); levenshtein then keeps exactly those at distance 1.
create function public.catalogue_close_words(word text) returns text[]
  language sql
  stable
  set search_path = ''
  set pg_trgm.similarity_threshold = 0.2
as $$
  select coalesce(pg_catalog.array_agg(l.word order by l.word), '{}')
  from public.catalogue_words l
  where pg_catalog.char_length(catalogue_close_words.word) >= 4
    and l.word operator(extensions.%) catalogue_close_words.word
    and pg_catalog.char_length(l.word) between pg_catalog.char_length(catalogue_close_words.word) - 1
                                           and pg_catalog.char_length(catalogue_close_words.word) + 1
    and extensions.levenshtein(l.word, catalogue_close_words.word) = 1
$$;
revoke execute on function public.catalogue_close_words(text) from public, anon, authenticated, service_role;

-- A tsquery of whole words or of one word's prefix, each lexeme quoted, restricted to a weight.
create function public.catalogue_query(words text[], prefix boolean, weights text) returns tsquery
  language sql
  immutable
  set search_path = ''
as $$
  select case when pg_catalog.cardinality(words) = 0 then null else pg_catalog.string_agg(
    pg_catalog.quote_literal(w) || case when prefix or weights <> '' then ':' else '' end
    || case when prefix then '*' else '' end || weights, ' | ')::tsquery end
  from pg_catalog.unnest(words) as w
$$;
revoke execute on function public.catalogue_query(text[], boolean, text) from public, anon, authenticated, service_role;

-- ── The published products that match every word, with their relevance ────────────────────
-- One scan of the rows the GIN index finds, each word's relevance a flat expression written for
-- this search (a checks only what can match: no close words, no close test).
create function public.catalogue_search_hits(words text[]) returns table (id bigint, relevance int)
  language plpgsql
  stable
  security definer
  set search_path = ''
as $$
declare
  w text;
  k int := 0;
  close text[];
  exact_cats bigint[];
  near_cats bigint[];
  queries tsquery[] := '{}';
  terms text[] := '{}';
  found text[] := '{}';
  indexed tsquery;
  either tsquery;
  q int;
begin
  -- Oversized calls first (catalogue_search's refusal too): the shop's search box sends a few words.
  if pg_catalog.cardinality(catalogue_search_hits.words) > 20
     or (select pg_catalog.sum(pg_catalog.char_length(x.word)) from pg_catalog.unnest(catalogue_search_hits.words) as x (word)) > 200 then
    raise exception using
      errcode = 'CM006',
      message = U&'Recherche trop longue\00A0: 20 mots et 200 caract\00E8res au plus.',
      detail = '{"field": "words"}';
  end if;
  foreach w in array coalesce(words, '{}') loop
    continue when w = '';
    k := k + 1;
    close := public.catalogue_close_words(w);
    select coalesce(pg_catalog.array_agg(c.id) filter (where pg_catalog.strpos(c.search_name, ' ' || w) > 0), '{}'),
           coalesce(pg_catalog.array_agg(c.id) filter (where pg_catalog.strpos(c.search_name, ' ' || w) = 0
             and pg_catalog.string_to_array(pg_catalog.btrim(c.search_name), ' ') operator(pg_catalog.&&) close), '{}')
      into exact_cats, near_cats
      from public.categories c;
    -- $n: the word's prefix in the name (A), tags (B), description (D); then its close words.
    q := pg_catalog.cardinality(queries);
    queries := queries || public.catalogue_query(array[w], true, 'A') || public.catalogue_query(array[w], true, 'B')
                       || public.catalogue_query(array[w], true, 'D');
    if pg_catalog.cardinality(close) > 0 then
      queries := queries || public.catalogue_query(close, false, 'A') || public.catalogue_query(close, false, 'B')
                         || public.catalogue_query(close, false, 'D');
      terms := terms || pg_catalog.format(
        '(case when v @@ $%1$s then 128 when v @@ $%4$s then 8 else 0 end'
        || ' + case when v @@ $%2$s then 64 when v @@ $%5$s then 4 else 0 end'
        || ' + case when c = any(%7$L::bigint[]) then 32 when c = any(%8$L::bigint[]) then 2 else 0 end'
        || ' + case when v @@ $%3$s then 16 when v @@ $%6$s then 1 else 0 end)',
        q + 1, q + 2, q + 3, q + 4, q + 5, q + 6, exact_cats, near_cats);
    else
      terms := terms || pg_catalog.format(
        '(case when v @@ $%1$s then 128 else 0 end + case when v @@ $%2$s then 64 else 0 end'
        || ' + case when c = any(%4$L::bigint[]) then 32 when c = any(%5$L::bigint[]) then 2 else 0 end'
        || ' + case when v @@ $%3$s then 16 else 0 end)',
        q + 1, q + 2, q + 3, exact_cats, near_cats);
    end if;
    -- A word that matches no category must match the product's own words: the conjunction of
    -- those is what the GIN index is asked; the others are checked on the rows it finds.
    either := public.catalogue_query(array[w], true, '');
    if pg_catalog.cardinality(close) > 0 then
      either := either operator(pg_catalog.||) public.catalogue_query(close, false, '');
    end if;
    if pg_catalog.cardinality(exact_cats) + pg_catalog.cardinality(near_cats) = 0 then
      indexed := case when indexed is null then either else indexed operator(pg_catalog.&&) either end;
    else
      found := found || pg_catalog.format('(v @@ %L::tsquery or c = any(%L::bigint[]))', either, exact_cats || near_cats);
    end if;
  end loop;
  if k = 0 then
    return query select p.id, 0 from public.products p where p.is_published;
    return;
  end if;
  queries := queries || indexed;
  return query execute pg_catalog.format(
    'select id, (%s)::int from (select p.id, p.search_vector as v, p.category_id as c from public.products p'
    || ' where p.is_published and %s) as m where %s',
    pg_catalog.array_to_string(terms, ' + '),
    case when indexed is null then 'true'
         else pg_catalog.format('p.search_vector operator(pg_catalog.@@) $%s', pg_catalog.cardinality(queries)) end,
    case when pg_catalog.cardinality(found) = 0 then 'true' else pg_catalog.array_to_string(found, ' and ') end)
  using queries[1], queries[2], queries[3], queries[4], queries[5], queries[6], queries[7], queries[8], queries[9], queries[10],
        queries[11], queries[12], queries[13], queries[14], queries[15], queries[16], queries[17], queries[18], queries[19], queries[20],
        queries[21], queries[22], queries[23], queries[24], queries[25], queries[26], queries[27], queries[28], queries[29], queries[30],
        queries[31], queries[32], queries[33], queries[34], queries[35], queries[36], queries[37], queries[38], queries[39], queries[40],
        queries[41], queries[42], queries[43], queries[44], queries[45], queries[46], queries[47], queries[48], queries[49], queries[50],
        queries[51], queries[52], queries[53], queries[54], queries[55], queries[56], queries[57], queries[58], queries[59], queries[60],
        queries[61], queries[62], queries[63], queries[64], queries[65], queries[66], queries[67], queries[68], queries[69], queries[70],
        queries[71], queries[72], queries[73], queries[74], queries[75], queries[76], queries[77], queries[78], queries[79], queries[80],
        queries[81], queries[82], queries[83], queries[84], queries[85], queries[86], queries[87], queries[88], queries[89], queries[90],
        queries[91], queries[92], queries[93], queries[94], queries[95], queries[96], queries[97], queries[98], queries[99], queries[100],
        queries[101], queries[102], queries[103], queries[104], queries[105], queries[106], queries[107], queries[108], queries[109], queries[110],
        queries[111], queries[112], queries[113], queries[114], queries[115], queries[116], queries[117], queries[118], queries[119], queries[120],
        queries[121];
end;
$$;
revoke execute on function public.catalogue_search_hits(text[]) from public, anon, authenticated, service_role;
grant execute on function public.catalogue_search_hits(text[]) to anon, authenticated, service_role;

-- ── catalogue_search: as 20261126160000_vat_rates.sql, served by catalogue_search_hits ─────
-- The view's rows under the caller's rights and row-level security, each with its relevance. A
-- column appended to the view is appended here too (jsonb_populate_record would follow the view
-- by itself, at several times the cost per row).
create or replace function public.catalogue_search(words text[]) returns setof public.catalogue_products
  language plpgsql
  stable
  parallel safe
  set search_path = ''
as $$
begin
  -- Oversized calls are refused by catalogue_search_hits (CM006), before any other work.
  return query
  select v.id, v.slug, v.name, v.description, v.price, v.original_price, v.stock, v.tags, v.created_at,
         v.category_slug, v.discount_percent, v.on_sale, v.search_name, v.search_tags, v.search_description,
         v.category_search_name, h.relevance, v.vat_rate
  from public.catalogue_search_hits(catalogue_search.words) as h
  join public.catalogue_products v on v.id = h.id;
end;
$$;
revoke execute on function public.catalogue_search(text[]) from public, anon, authenticated, service_role;
grant execute on function public.catalogue_search(text[]) to anon, authenticated, service_role;
