-- JSON nested without end (issue 37 item 8), on the SQL side. What Postgres cannot parse (a body
-- nested some 20,000 levels deep fails with 54001 before any statement of ours runs) is refused by
-- the edges before it reaches the database (MAX_JSON_DEPTH of the functions and the local stack).
-- What parses is bounded where it is stored: an e-prescription's summary (what the patient was
-- shown: doctor, date, medicaments with their dosage and repetitions) nests 5 levels; more than 8
-- is not a summary. Read level by level (no recursion, so no depth can exhaust the stack; the size
-- CHECK bounds the work): 23514 webshop_customer_eprescription_summary_depth, a 400.

create or replace function private.jsonb_depth_at_most(p_value jsonb, p_max integer)
returns boolean
language plpgsql
immutable
set search_path = ''
as $$
declare
  -- the containers of one level (a scalar has none)
  level jsonb[] := case when jsonb_typeof(p_value) in ('object', 'array') then array[p_value] else '{}'::jsonb[] end;
  depth integer := 0;
begin
  while cardinality(level) > 0 loop
    depth := depth + 1;
    if depth > p_max then
      return false;
    end if;
    level := array(
      select c.value
        from unnest(level) as v (value),
        lateral (
          select e.value from jsonb_each(case when jsonb_typeof(v.value) = 'object' then v.value end) e
          union all
          select a.value from jsonb_array_elements(case when jsonb_typeof(v.value) = 'array' then v.value end) a
        ) c
       where jsonb_typeof(c.value) in ('object', 'array')
    );
  end loop;
  return true;
end
$$;
comment on function private.jsonb_depth_at_most(jsonb, integer) is
  'Whether arrays and objects nest at most p_max levels (a scalar: 0), read level by level without recursion.';
revoke all on function private.jsonb_depth_at_most(jsonb, integer) from public;
grant execute on function private.jsonb_depth_at_most(jsonb, integer) to authenticated, service_role;

alter table public.webshop_customer_eprescription
  add constraint webshop_customer_eprescription_summary_depth check (private.jsonb_depth_at_most(summary, 8)) not valid;
do $$
begin
  alter table public.webshop_customer_eprescription validate constraint webshop_customer_eprescription_summary_depth;
exception when check_violation then
  -- rows stored before keep their summaries; the rule holds for every new one
  null;
end
$$;
