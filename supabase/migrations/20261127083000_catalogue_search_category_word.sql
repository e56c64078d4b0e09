-- A search of a category's name alone (« cuisine ») reads its first rows from indexes instead of
-- ranking the whole category (issue 28, after 20261127070000).
--
-- catalogue_search_ranked took every product of the categories the word matches (12,600 of
-- 100,000 for « cuisine ») and every product with the word (5,600), joined them, computed each
-- relevance and sorted them all to keep 20: 50 to 140 ms. Yet the category's products that do
-- not have the word all weigh the same (32 for a category the word starts a word of, 2 for one a
-- word of its name is one letter away from: the category's weight alone) and are ordered by date
-- alone: the newest of them are the first rows of an index on (category, date). The products
-- with the word are ranked as before, from product_terms:
-- - when the word's hits bear one word of the lexicon (« cuisine »: only « cuisine » starts with
--   it, no word is one letter away), its rows are one value of product_terms_ranked_idx in the
--   order of the relevance within each category (fields, then date; the category adds the same
--   weight to each of its rows): the first `top` of each matched category, and of the others,
--   are the first rows of that value, read from the index alone;
-- - otherwise its hits are grouped by product and ranked as 20261127070000 ranks them.
-- The first `top` of each part, with their ties, hold the first `top` of the whole, with their
-- ties: each part is sorted by relevance then date, merged, and cut.
--
-- Restated here: catalogue_search_ranked (as 20261127070000, the same answers), with this case
-- taken once its only word's categories and hits (h1) are known: one word that matches a
-- category, ranked, `top` given. Any other call runs as before.
--
-- products_published_category_created_idx: a category's published products, newest first (no
-- column a stock or price update writes: place_order's updates stay as they were).

create index products_published_category_created_idx on public.products (category_id, created_at desc, id) where is_published;

create or replace function public.catalogue_search_ranked(words text[], category text, top integer, ranked boolean)
  returns table (id bigint, relevance int, created_at timestamptz)
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
  category_key bigint;
  in_category text := '';
  -- Ranked from product_terms: each word's hits (h1, h2 …), relevance, joins and conditions.
  hits text[] := '{}';
  scores text[] := '{}';
  joins text[] := '{}';
  conditions text[] := '{}';
  first_cats bigint[];
  driving int := 0;
  source text;
  -- Ranked in product_words (two driving words or more): relevance, GIN query, conditions.
  vector_scores text[] := '{}';
  indexed tsquery;
  found text[] := '{}';
  either tsquery;
  -- A search of one word whose hits all bear one word of the lexicon: that word, exact or close.
  lead text[];
  starting text[];
  listed boolean;
  only_term text;
  only_exact boolean;
  -- One word that matches a category (« cuisine »), ranked, `top` given: each part's first rows.
  given text[];
  parts text[] := '{}';
  cat bigint;
  term_relevance text := 't.fields::int';
  has_word text;
  grouped text := '';
begin
  -- Oversized calls first (catalogue_search's refusal too): the shop's search box sends a few words.
  if pg_catalog.cardinality(catalogue_search_ranked.words) > 20
     or (select pg_catalog.sum(pg_catalog.char_length(x.word)) from pg_catalog.unnest(catalogue_search_ranked.words) as x (word)) > 200 then
    raise exception using
      errcode = 'CM006',
      message = U&'Recherche trop longue\00A0: 20 mots et 200 caract\00E8res au plus.',
      detail = '{"field": "words"}';
  end if;
  if category is not null then
    category_key := coalesce((select c.id from public.categories c where c.slug = catalogue_search_ranked.category), 0);
    in_category := pg_catalog.format(' and t.category_id = %s', category_key);
  end if;
  given := array(select x.word from pg_catalog.unnest(coalesce(words, '{}')) as x (word) where x.word <> '');
  foreach w in array coalesce(words, '{}') loop
    continue when w = '';
    k := k + 1;
    close := public.catalogue_close_words(w);
    select coalesce(pg_catalog.array_agg(c.id) filter (where pg_catalog.strpos(c.search_name, ' ' || w) > 0), '{}'),
           coalesce(pg_catalog.array_agg(c.id) filter (where pg_catalog.strpos(c.search_name, ' ' || w) = 0
             and pg_catalog.string_to_array(pg_catalog.btrim(c.search_name), ' ') operator(pg_catalog.&&) close), '{}')
      into exact_cats, near_cats
      from public.categories c;
    -- The word's hits, one row a product: the fields of the words that start with it (one range
    -- of the index, in the "C" order: from the word to the word followed by the last code point)
    -- and those of its close words (each one value of the index).
    hits := hits || pg_catalog.format(
      'h%1$s as (select x.product_id as id, x.category_id as c, x.created_at as at,'
      || ' coalesce(pg_catalog.bit_or(x.fields) filter (where x.exact), 0)::int as e,'
      || ' coalesce(pg_catalog.bit_or(x.fields) filter (where not x.exact), 0)::int as n'
      || ' from (select t.product_id, t.category_id, t.created_at, t.fields, true as exact from public.product_terms t'
      || ' where t.term >= %2$L and t.term < %3$L%5$s'
      || ' union all select t.product_id, t.category_id, t.created_at, t.fields, false from public.product_terms t'
      || ' where t.term = any(%4$L::text[])%5$s) as x group by x.product_id, x.category_id, x.created_at)',
      k, w, w || pg_catalog.chr(1114111), close, in_category);
    -- One word that matches a category (« cuisine »), ranked, `top` given: the first `top` rows,
    -- with their ties, of each part (the word's rows of each matched category, those of the other
    -- categories, each matched category's products without the word), merged and cut.
    if coalesce(ranked, false) and top is not null and pg_catalog.cardinality(given) = 1
       and pg_catalog.cardinality(exact_cats) + pg_catalog.cardinality(near_cats) > 0 then
      if category_key is not null then
        exact_cats := array(select x.id from pg_catalog.unnest(exact_cats) as x (id) where x.id = category_key);
        near_cats := array(select x.id from pg_catalog.unnest(near_cats) as x (id) where x.id = category_key);
      end if;
      -- The word's hits bear one word of the lexicon (exact, or one letter away: a 16th of its fields).
      select pg_catalog.array_agg(x.word) into starting
        from (select l.word from public.catalogue_words l
               where l.word >= w and l.word < w || pg_catalog.chr(1114111) order by l.word limit 2) as x;
      if starting is null and pg_catalog.cardinality(close) = 1 then
        only_term := close[1];
        term_relevance := '(t.fields::int >> 4)';
      elsif pg_catalog.cardinality(starting) = 1 and (pg_catalog.cardinality(close) = 0 or close = starting) then
        only_term := starting[1];
      end if;
      if only_term is not null then
        -- One value of product_terms_ranked_idx, read in its order per matched category (the
        -- category's weight is the same on each of its rows), then for the other categories.
        has_word := pg_catalog.format('exists (select from public.product_terms t where t.product_id = p.id and t.term = %L)', only_term);
        foreach cat in array exact_cats || near_cats loop
          parts := parts || pg_catalog.format(
            '(select t.product_id as id, %s + %s as r, t.created_at as at from public.product_terms t where t.term = %L and t.category_id = %s'
            || ' order by t.fields desc, t.created_at desc fetch first %s rows with ties)',
            term_relevance, case when cat = any(exact_cats) then 32 else 2 end, only_term, cat, top);
        end loop;
        parts := parts || pg_catalog.format(
          '(select t.product_id as id, %s as r, t.created_at as at from public.product_terms t where t.term = %L and t.category_id <> all(%L::bigint[])%s'
          || ' order by t.fields desc, t.created_at desc fetch first %s rows with ties)',
          term_relevance, only_term, exact_cats || near_cats, in_category, top);
      else
        -- The words that start with it and its close words: grouped by product (h1, once: also
        -- what the category's products without the word are checked against), ranked.
        grouped := 'with ' || hits[1] || ' ';
        parts := parts || pg_catalog.format(
          '(select h1.id, (h1.e + ((h1.n & ~h1.e) >> 4) + case when h1.c = any(%L::bigint[]) then 32 when h1.c = any(%L::bigint[]) then 2 else 0 end) as r, h1.at'
          || ' from h1 order by r desc, h1.at desc fetch first %s rows with ties)',
          exact_cats, near_cats, top);
        -- (A hashed subplan: the range's rows are estimated at one or two, which a join would loop over.)
        has_word := 'p.id in (select h1.id from h1)';
      end if;
      -- Each matched category's products without the word: the category's weight, newest first
      -- (products_published_category_created_idx).
      foreach cat in array exact_cats || near_cats loop
        parts := parts || pg_catalog.format(
          '(select p.id, %s as r, p.created_at as at from public.products p where p.is_published and p.category_id = %s'
          || ' and not %s'
          || ' order by p.created_at desc fetch first %s rows with ties)',
          case when cat = any(exact_cats) then 32 else 2 end, cat, has_word, top);
      end loop;
      return query execute pg_catalog.format(
        '%sselect u.id, u.r::int, u.at from (%s) as u order by u.r desc, u.at desc fetch first %s rows with ties',
        grouped, pg_catalog.array_to_string(parts, ' union all '), top);
      return;
    end if;
    scores := scores || pg_catalog.format(
      '(coalesce(h%1$s.e, 0) + ((coalesce(h%1$s.n, 0) & ~coalesce(h%1$s.e, 0)) >> 4)'
      || ' + case when b.c = any(%2$L::bigint[]) then 32 when b.c = any(%3$L::bigint[]) then 2 else 0 end)',
      k, exact_cats, near_cats);
    -- The same relevance on product_words' vector v (as 20261127030000): the word's prefix in the
    -- name (A), tags (B), description (D), else its close words there.
    -- The words of the lexicon that start with it: 50 at most are asked of the GIN index by name
    -- (a prefix query reads each entry that starts with it, several times slower), more by prefix.
    select pg_catalog.array_agg(x.word) into starting
      from (select l.word from public.catalogue_words l
             where l.word >= w and l.word < w || pg_catalog.chr(1114111) order by l.word limit 51) as x;
    listed := pg_catalog.cardinality(starting) between 1 and 50;
    vector_scores := vector_scores || pg_catalog.format(
      '(case when v @@ %1$L::tsquery then 128 when %4$s then 8 else 0 end'
      || ' + case when v @@ %2$L::tsquery then 64 when %5$s then 4 else 0 end'
      || ' + case when c = any(%7$L::bigint[]) then 32 when c = any(%8$L::bigint[]) then 2 else 0 end'
      || ' + case when v @@ %3$L::tsquery then 16 when %6$s then 1 else 0 end)',
      case when listed then public.catalogue_query(starting, false, 'A') else public.catalogue_query(array[w], true, 'A') end,
      case when listed then public.catalogue_query(starting, false, 'B') else public.catalogue_query(array[w], true, 'B') end,
      case when listed then public.catalogue_query(starting, false, 'D') else public.catalogue_query(array[w], true, 'D') end,
      case when pg_catalog.cardinality(close) = 0 then 'false'
           else pg_catalog.format('v @@ %L::tsquery', public.catalogue_query(close, false, 'A')) end,
      case when pg_catalog.cardinality(close) = 0 then 'false'
           else pg_catalog.format('v @@ %L::tsquery', public.catalogue_query(close, false, 'B')) end,
      case when pg_catalog.cardinality(close) = 0 then 'false'
           else pg_catalog.format('v @@ %L::tsquery', public.catalogue_query(close, false, 'D')) end, exact_cats, near_cats);
    either := case when listed then public.catalogue_query(starting, false, '') else public.catalogue_query(array[w], true, '') end;
    if pg_catalog.cardinality(close) > 0 then
      either := either operator(pg_catalog.||) public.catalogue_query(close, false, '');
    end if;
    if pg_catalog.cardinality(exact_cats) + pg_catalog.cardinality(near_cats) = 0 then
      -- A word that matches no category must be among the product's own words: its hits are
      -- joined (the first such word drives), and it is in the conjunction asked of the GIN index.
      driving := driving + 1;
      if driving = 1 then lead := starting; end if;
      indexed := case when indexed is null then either else indexed operator(pg_catalog.&&) either end;
      if driving = 1 then
        source := pg_catalog.format('h%s as b', k);
        scores[k] := pg_catalog.replace(scores[k], pg_catalog.format('h%s.', k), 'b.');
      else
        joins := joins || pg_catalog.format('join h%1$s on h%1$s.id = b.id', k);
      end if;
    else
      -- In a category it matches, or among the product's words.
      joins := joins || pg_catalog.format('left join h%1$s on h%1$s.id = b.id', k);
      conditions := conditions || pg_catalog.format('(h%1$s.id is not null or b.c = any(%2$L::bigint[]))', k, exact_cats || near_cats);
      found := found || pg_catalog.format('(v @@ %L::tsquery or c = any(%L::bigint[]))', either, exact_cats || near_cats);
      if first_cats is null then first_cats := exact_cats || near_cats; end if;
    end if;
  end loop;
  if k = 0 then
    return query select p.id, 0, p.created_at from public.products p
      where p.is_published and (category_key is null or p.category_id = category_key)
      order by p.created_at desc limit top;
    return;
  end if;
  if k = 1 and driving = 1 then
    -- One word, found in the products' words only: when the words that start with it and its
    -- close words are one word of the lexicon, its hits are that term's rows of the index, in
    -- the order of relevance then date: the first `top` are the index's first rows. (`close`
    -- is still the word's.)
    starting := lead;
    if starting is null and pg_catalog.cardinality(close) = 1 then
      only_term := close[1];
      only_exact := false;
    elsif pg_catalog.cardinality(starting) = 1 and (pg_catalog.cardinality(close) = 0 or close = starting) then
      only_term := starting[1];
      only_exact := true;
    end if;
    if only_term is not null then
      if ranked or top is null then
        return query select t.product_id, case when only_exact then t.fields::int else t.fields::int >> 4 end, t.created_at
          from public.product_terms t
          where t.term = only_term and (category_key is null or t.category_id = category_key)
          order by t.fields desc, t.created_at desc
          fetch first coalesce(top, 2147483647) rows with ties;
      else
        return query select t.product_id, 0, t.created_at
          from public.product_terms t
          where t.term = only_term and (category_key is null or t.category_id = category_key)
          limit top;
      end if;
      return;
    end if;
  end if;
  if driving >= 2 then
    return query execute pg_catalog.format(
      'select id, r, at from (select m.id, (%s)::int as r, m.at from (select s.product_id as id, s.words as v, s.category_id as c, s.created_at as at'
      || ' from public.product_words s where s.is_published and s.words operator(pg_catalog.@@) %L::tsquery%s) as m where %s) as ranked'
      || case when top is null then '' when ranked then ' order by r desc, at desc fetch first %s rows with ties' else ' limit %s' end,
      case when ranked then pg_catalog.array_to_string(vector_scores, ' + ') else '0' end,
      indexed,
      case when category_key is null then '' else pg_catalog.format(' and s.category_id = %s', category_key) end,
      case when pg_catalog.cardinality(found) = 0 then 'true' else pg_catalog.array_to_string(found, ' and ') end,
      top);
    return;
  end if;
  if driving = 0 then
    -- Every word matches a category: the candidates are the first one's categories' products
    -- (within `category`) and the products that have the word (left-joined as h1, not driving).
    source := pg_catalog.format(
      '(select p.id, p.category_id as c, p.created_at as at from public.products p where p.is_published and p.category_id = any(%L::bigint[])%s'
      || ' union select h1.id, h1.c, h1.at from h1) as b',
      first_cats, case when category_key is null then '' else pg_catalog.format(' and p.category_id = %s', category_key) end);
  end if;
  return query execute pg_catalog.format(
    'with %s select id, r, at from (select b.id, (%s)::int as r, b.at from %s %s where %s) as ranked'
    || case when top is null then '' when ranked then ' order by r desc, at desc fetch first %s rows with ties' else ' limit %s' end,
    pg_catalog.array_to_string(hits, ', '),
    case when ranked then pg_catalog.array_to_string(scores, ' + ') else '0' end,
    source,
    pg_catalog.array_to_string(joins, ' '),
    case when pg_catalog.cardinality(conditions) = 0 then 'true' else pg_catalog.array_to_string(conditions, ' and ') end,
    top);
end;
$$;
