-- Catalogue: the pharmacy's product index (pharmindex*), its images, prices, compendium texts
-- and the list of Swiss health insurers. Public, read-only for every client (spec §3 Medication,
-- §7 medication search / lookup / compendium / insurer list).
--
-- Codes used by the catalogue:
--   nincd    trade status of an article: 10 = in trade and on the federal specialty list (SL,
--            reimbursed, comparable in the generics calculator), 20 = in trade, not on the SL
--            (over the counter), 99 = out of trade (never shown by the medication search).
--   gencd    'O' original preparation, 'G' generic; null = neither (no generic substitution).
--   sloplus  deductible class of the SL: 0/null = normal deductible (10 %); 1 = original for which
--            cheaper generics exist, so the higher deductible (40 %) applies; 2 = original without
--            any generic approved in Switzerland (no generics can be offered).

-- ---------------------------------------------------------------------------------------------
-- Products (prdno): one substance in one strength and form; articles (pharmacode) are its packs.
create table public.pharmindex_product (
  prdno bigint primary key,
  dscrd text not null,                 -- German product name without pack size
  dscrf text,                          -- French product name without pack size
  dose text,                           -- strength, e.g. '20'
  doseu text,                          -- unit of the strength, e.g. 'mg', 'mcg'
  galenic_form text                    -- e.g. 'Filmtabl', 'Kaps'
);
comment on table public.pharmindex_product is 'Pharmindex products (strength and form of one preparation); articles in pharmindex reference it by prdno.';

create table public.pharmindex (
  pharmacode bigint primary key,
  prdno bigint references public.pharmindex_product (prdno) on update cascade on delete set null,
  dscrd text not null,                 -- German article name, e.g. 'ATORVASTATIN Mepha Filmtabl 20 mg 30 Stk'
  dscrf text,                          -- French article name
  nincd smallint,                      -- 10 SL in trade, 20 in trade (not SL), 99 out of trade
  qty numeric,                         -- pack size
  qtyu text,                           -- pack size unit, e.g. 'Stk'
  sloplus smallint check (sloplus in (0, 1, 2)),
  atc text,                            -- ATC code, identifies the substance for generics matching
  substance text,                      -- active substance (German INN), informative
  gencd char(1) check (gencd in ('O', 'G'))
);
comment on table public.pharmindex is 'Pharmindex articles (packs) by pharmacode. nincd: 10 SL in trade, 20 in trade, 99 out of trade. gencd: O original, G generic. sloplus: 1 original with cheaper generics (40 % deductible), 2 original without approved generics, 0/null normal.';

create index pharmindex_prdno_idx on public.pharmindex (prdno);
create index pharmindex_generics_idx on public.pharmindex (atc, qty, qtyu) where gencd = 'G';
-- Prefix search "ABC%DEF%" on dscrd, case-insensitive: a btree on upper(dscrd) with
-- text_pattern_ops serves `upper(dscrd) like 'ABC%DEF%'` (range scan on the fixed prefix) on any
-- Postgres without extensions; search_medications() below uses it.
create index pharmindex_dscrd_upper_pattern_idx on public.pharmindex (upper(dscrd) text_pattern_ops);
-- No plain btree on dscrd: with one, Postgres answers `order by dscrd limit 7` of a short prefix
-- by walking the whole index and testing ILIKE row by row (seconds on 150,000 articles; see
-- tests/bench/medication-search.ts).

-- A trigram index additionally serves PostgREST's own `dscrd=ilike.ABC*DEF*` filter (the query
-- supabase-js builds with .ilike()). pg_trgm ships with hosted Supabase, PostgreSQL contrib and
-- PGlite (@electric-sql/pglite/contrib/pg_trgm, loaded by supabase/local/db/pglite.ts). Where it
-- cannot be created the migration goes on without it: the search stays correct, only unindexed.
do $$
declare
  trgm_schema text;
begin
  begin
    create extension if not exists pg_trgm with schema extensions;
  exception when others then
    raise notice 'pg_trgm is not available (%); PostgREST ilike on pharmindex.dscrd stays unindexed', sqlerrm;
  end;
  select n.nspname into trgm_schema
    from pg_extension e join pg_namespace n on n.oid = e.extnamespace
   where e.extname = 'pg_trgm';
  if trgm_schema is not null then
    execute format('create index if not exists pharmindex_dscrd_trgm_idx on public.pharmindex using gin (dscrd %I.gin_trgm_ops)', trgm_schema);
  end if;
end
$$;

-- One row per article (one-to-one with pharmindex: PostgREST embeds it as an object).
create table public.pharmindex_images (
  pharmacode bigint primary key references public.pharmindex (pharmacode) on update cascade on delete cascade,
  picfront text,                       -- file name of the front picture on the image host
  picfront3d text                      -- file name of the 3D front picture (preferred)
);

create table public.pharmindex_prices (
  pharmacode bigint primary key references public.pharmindex (pharmacode) on update cascade on delete cascade,
  price numeric(10, 2) not null check (price >= 0)   -- public price in CHF
);

-- Compendium texts (patient information 'PI', professional information 'FI').
create table public.pharmindex_compendium (
  id bigint generated by default as identity primary key,
  content_de text,
  content_fr text
);

create table public.pharmindex_compendium_product (
  id bigint generated by default as identity primary key,
  prdno bigint not null references public.pharmindex_product (prdno) on update cascade on delete cascade,
  cdtexttype text not null default 'PI' check (cdtexttype in ('PI', 'FI')),
  compendium_id bigint not null references public.pharmindex_compendium (id) on delete cascade,
  unique (prdno, cdtexttype)
);
create index pharmindex_compendium_product_compendium_idx on public.pharmindex_compendium_product (compendium_id);

-- Swiss health insurers (basic insurance and supplementary insurance carriers). descr1 is the name
-- shown in the insurer picker; it may repeat (several legal entities of one group), the client
-- deduplicates and sorts.
create table public.pharmindex_insurance (
  id bigint generated by default as identity primary key,
  descr1 text not null,
  descr2 text                          -- legal name of the carrier
);
create index pharmindex_insurance_descr1_idx on public.pharmindex_insurance (descr1);

-- ---------------------------------------------------------------------------------------------
-- Medication search of spec §7 as an RPC: prefix on dscrd with spaces as wildcards,
-- case-insensitive, out-of-trade articles excluded, ordered by dscrd. p_generics selects the
-- variant of the generics calculator (SL articles with strength and pack size).
-- Returns pharmindex rows, so PostgREST can embed pharmindex_images, pharmindex_prices and
-- pharmindex_product on the result:
--   rpc('search_medications', {p_query:'atorva mepha'}).select('*, pharmindex_prices(price)')
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
  pattern text;
begin
  -- escape LIKE metacharacters, collapse whitespace, spaces become wildcards
  words := btrim(regexp_replace(coalesce(p_query, ''), '\s+', ' ', 'g'));
  if words = '' then
    return;
  end if;
  pattern := upper(replace(replace(replace(replace(words, '\', '\\'), '%', '\%'), '_', '\_'), ' ', '%')) || '%';
  -- the pattern goes in as a literal so the planner can use the prefix for an index range scan
  return query execute format(
    $q$
      select p.*
        from public.pharmindex p
        %s
       where upper(p.dscrd) like %L
         and p.nincd is distinct from 99
         %s
       order by p.dscrd, p.pharmacode
       limit %s offset %s
    $q$,
    case when p_generics then 'join public.pharmindex_product pp on pp.prdno = p.prdno' else '' end,
    pattern,
    case when p_generics then
      $g$and p.nincd = 10
         and coalesce(btrim(pp.dose), '') <> '' and coalesce(btrim(pp.doseu), '') <> ''
         and p.qty <> 0 and p.qtyu is not null$g$
    else '' end,
    least(greatest(coalesce(p_limit, 7), 1), 100),
    greatest(coalesce(p_offset, 0), 0)
  );
end
$$;
comment on function public.search_medications(text, integer, boolean, integer) is
  'Medication search (spec §7): case-insensitive prefix on dscrd, spaces as wildcards, nincd <> 99, ordered by dscrd; p_generics adds nincd = 10, dose/doseu non-empty, qty <> 0, qtyu not null. Limit 1..100 (7, 40 on load-more).';

-- ---------------------------------------------------------------------------------------------
-- Generic alternatives of an article (spec §7 webshopGenericMeds, §5/§9 generics maths):
-- cheaper generics (gencd 'G', not out of trade) of the same substance (atc), the same strength
-- (dose, doseu) and the same pack size (qty, qtyu), ordered by unit price.
-- Errors (PostgREST maps SQLSTATE PTxyz to HTTP xyz; message is the machine code):
--   PT404 not_found   unknown pharmacode
--   PT422 is_generic  the article is itself a generic
--   PT422 sloplus2    original without generics approved in Switzerland (sloplus = 2)
-- An empty result means no cheaper generic can be delivered for it.
create or replace function public.generic_alternatives(p_pharmacode bigint)
returns table (
  pharmacode bigint,
  dscrd text,
  dscrf text,
  price numeric,
  quantity numeric,
  quantity_unit text
)
language plpgsql
stable
set search_path = ''
as $$
#variable_conflict use_column
declare
  orig record;
begin
  select p.pharmacode, p.gencd, p.sloplus, p.atc, p.qty, p.qtyu, pp.dose, pp.doseu, pr.price
    into orig
    from public.pharmindex p
    left join public.pharmindex_product pp on pp.prdno = p.prdno
    left join public.pharmindex_prices pr on pr.pharmacode = p.pharmacode
   where p.pharmacode = p_pharmacode;
  if not found then
    raise exception using errcode = 'PT404', message = 'not_found',
      detail = format('No medication with pharmacode %s.', p_pharmacode);
  end if;
  if orig.gencd = 'G' then
    raise exception using errcode = 'PT422', message = 'is_generic',
      detail = 'This medication is already a generic.';
  end if;
  if orig.sloplus = 2 then
    raise exception using errcode = 'PT422', message = 'sloplus2',
      detail = 'No generics of this medication are approved in Switzerland.';
  end if;

  return query
    select g.pharmacode, g.dscrd, g.dscrf, gp.price, g.qty, g.qtyu
      from public.pharmindex g
      join public.pharmindex_product gpp on gpp.prdno = g.prdno
      join public.pharmindex_prices gp on gp.pharmacode = g.pharmacode
     where g.gencd = 'G'
       and g.nincd is distinct from 99
       and g.pharmacode <> orig.pharmacode
       and g.atc = orig.atc
       and gpp.dose = orig.dose and gpp.doseu = orig.doseu
       and g.qty = orig.qty and g.qtyu = orig.qtyu
       and (orig.price is null or gp.price < orig.price)
     order by gp.price / nullif(g.qty, 0), gp.price, g.dscrd;
end
$$;
comment on function public.generic_alternatives(bigint) is
  'Cheaper generics (same atc, dose/doseu, qty/qtyu; gencd G; nincd <> 99; price below the original) ordered by unit price. Raises PT404 not_found, PT422 is_generic, PT422 sloplus2.';
