-- Medication search (spec §7) read in index order, so LIMIT stops the scan after one page.
--
-- Before: `upper(dscrd) like 'ATORV%'` was range-scanned on a text_pattern_ops btree, but the
-- result was ordered by dscrd, which that index cannot give: a search with thousands of
-- matches ("atorv" on 150,000 articles: 9,470) fetched and sorted all of them for 7 rows.
--
-- Now the search is ordered case-insensitively by name, upper(dscrd) in byte order ("C"), with
-- pharmacode to make the order total. One btree serves both the prefix condition and that
-- order: Postgres walks it from the prefix, skips out-of-trade articles and rows that miss the
-- later words, and stops at the 7th (40th) hit. On the case-insensitive collation of a hosted
-- database, "order by dscrd" sorted the same way up to punctuation; on PGlite's C collation it
-- put 'ATORVASTATIN Zentiva' before 'ATORVASTATIN axapharm' – patients expect A before Z.
drop index if exists public.pharmindex_dscrd_upper_pattern_idx;
create index pharmindex_dscrd_search_idx on public.pharmindex ((upper(dscrd) collate "C"), pharmacode);

create or replace function public.search_medications(
  p_query text,
  p_limit integer default 7,
  p_generics boolean default false,
  p_offset integer default 0
) returns setof public.pharmindex
language plpgsql
stable
-- a page of results, not the default estimate of 1000 rows (which made the planner read the
-- whole image and product tables when the result is embedded)
rows 10
set search_path = ''
as $$
declare
  words text;
  escaped text;
  pattern text;
  first_word text;
  page integer := least(greatest(coalesce(p_limit, 7), 1), 100);
  skip integer := greatest(coalesce(p_offset, 0), 0);
  probe_rows integer;
  probe_hits integer;
  source text := 'public.pharmindex';
begin
  -- collapse whitespace; escape LIKE metacharacters; spaces become wildcards
  words := btrim(regexp_replace(coalesce(p_query, ''), '\s+', ' ', 'g'));
  if words = '' then
    return;
  end if;
  escaped := upper(replace(replace(replace(words, '\', '\\'), '%', '\%'), '_', '\_'));
  pattern := replace(escaped, ' ', '%') || '%';
  first_word := split_part(escaped, ' ', 1) || '%';

  -- Later words that match few articles of a large prefix range ("atorvastatin spirig h":
  -- 513 of 10,000 ATORVASTATIN packs, late in the order) make the ordered walk read thousands
  -- of rows. Probe the first 200 rows of the range: if they hold less than a page of hits and a
  -- later word is long enough for trigrams, let the trigram index find the few matches first.
  if words like '% %' and words ~ ' \S{3}'
     and to_regclass('public.pharmindex_dscrd_trgm_idx') is not null then
    execute format(
      $p$
        select count(*)::integer,
               (count(*) filter (where upper(r.dscrd) collate "C" like %L and r.nincd is distinct from 99))::integer
          from (select p.dscrd, p.nincd
                  from public.pharmindex p
                 where upper(p.dscrd) collate "C" like %L
                 order by upper(p.dscrd) collate "C", p.pharmacode
                 limit 200) r
      $p$, pattern, first_word)
      into probe_rows, probe_hits;
    if probe_rows = 200 and probe_hits < page + skip then
      -- MATERIALIZED keeps Postgres from walking the ordered index instead
      source := format('(with hits as materialized (select * from public.pharmindex where dscrd ilike %L) select * from hits)', pattern);
    end if;
  end if;

  -- The pattern goes in as a literal so the planner sees its fixed prefix and range-scans
  -- pharmindex_dscrd_search_idx; the expression and its collation must match the index exactly.
  return query execute format(
    $q$
      select p.*
        from %s p
        %s
       where upper(p.dscrd) collate "C" like %L
         and p.nincd is distinct from 99
         %s
       order by upper(p.dscrd) collate "C", p.pharmacode
       limit %s offset %s
    $q$,
    source,
    case when p_generics then 'join public.pharmindex_product pp on pp.prdno = p.prdno' else '' end,
    pattern,
    case when p_generics then
      $g$and p.nincd = 10
         and coalesce(btrim(pp.dose), '') <> '' and coalesce(btrim(pp.doseu), '') <> ''
         and p.qty <> 0 and p.qtyu is not null$g$
    else '' end,
    page,
    skip
  );
end
$$;
comment on function public.search_medications(text, integer, boolean, integer) is
  'Medication search (spec §7): case-insensitive prefix on dscrd, spaces as wildcards, nincd <> 99, ordered by name case-insensitively (upper(dscrd) in byte order, then pharmacode); p_generics adds nincd = 10, dose/doseu non-empty, qty <> 0, qtyu not null. Limit 1..100 (7, 40 on load-more).';
