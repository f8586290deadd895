-- The server's columns stay the server's (issue 37 item 6). The insert and update grants of the
-- customer tables named every column, so a patient could write `created_at` (when a record was
-- made: the pharmacy's view of the history) with any date. From here on a patient's grants name
-- the columns a patient writes: every column but `created_at` and the generated ones (which no
-- one writes). A column added later is not writable by patients until its migration grants it.
-- The ids stay writable: spec §7's upserts name the row by its id (the additional-info upsert
-- sends `id` and the fields), and row level security keeps them to the patient's own rows.
-- Handled elsewhere: `handled` of the additional info (the guard trigger of the policies'
-- migration), the devices' `created_at` and `last_success_at` (20261126100200_push_endpoints.sql),
-- `sent_at` of an e-prescription (set by the server, which alone writes those rows now).
do $$
declare
  t text;
  writes text[];
  columns text;
begin
  foreach t in array array[
    'webshop_customers:insert,update', 'webshop_customer_address:insert,update', 'webshop_customer_insurance:insert,update',
    'webshop_customer_questionnaire:insert,update', 'webshop_customer_order_defaults:insert',
    'webshop_customer_additional_info:insert,update'
  ] loop
    writes := string_to_array(split_part(t, ':', 2), ',');
    t := split_part(t, ':', 1);
    select string_agg(quote_ident(a.attname), ', ' order by a.attnum) into columns
      from pg_attribute a
     where a.attrelid = format('public.%I', t)::regclass and a.attnum > 0 and not a.attisdropped
       and a.attgenerated = '' and a.attname <> 'created_at';
    execute format('revoke insert, update on table public.%I from authenticated', t);
    if 'insert' = any (writes) then
      execute format('grant insert (%s) on table public.%I to authenticated', columns, t);
    end if;
    if 'update' = any (writes) then
      execute format('grant update (%s) on table public.%I to authenticated', columns, t);
    end if;
  end loop;
end
$$;
