-- Realtime (spec §4 Authentication / Realtime): changes to webshop_cust* tables reload the
-- customer, changes to webshop_order* tables reload the orders. Every such table is in the
-- publication supabase_realtime; REPLICA IDENTITY FULL makes UPDATE and DELETE events carry the
-- whole old row (customer_id / order_id included), so a DELETE can be routed to its owner only.
do $$
declare
  t text;
begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
  foreach t in array array[
    'webshop_customers', 'webshop_customer_address', 'webshop_customer_insurance',
    'webshop_customer_questionnaire', 'webshop_customer_order_defaults',
    'webshop_customer_additional_info', 'webshop_customer_medication',
    'webshop_order', 'webshop_order_item'
  ] loop
    execute format('alter table public.%I replica identity full', t);
    if not exists (
      select 1 from pg_publication_tables
       where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = t
    ) then
      execute format('alter publication supabase_realtime add table public.%I', t);
    end if;
  end loop;
end
$$;

-- PostgreSQL 18 (PGlite) refuses UPDATE and DELETE on a published REPLICA IDENTITY FULL table
-- whose stored generated columns (the insurance read form, bmi) are not published. Publish them
-- there; the option does not exist before 18, so older servers skip this.
do $$
begin
  if current_setting('server_version_num')::int >= 180000 then
    execute 'alter publication supabase_realtime set (publish_generated_columns = stored)';
  end if;
end
$$;
