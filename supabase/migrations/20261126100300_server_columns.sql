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
-- The patient's grants of a table: `p_writes` (insert, update) on every column but those named in
-- `p_except` and the generated ones. The table-wide grants go first: a column grant beside them
-- would change nothing.
create or replace function private.grant_patient_columns(p_table text, p_writes text[], p_except text[])
returns void
language plpgsql
set search_path = ''
as $$
declare
  columns text;
  w text;
begin
  select string_agg(quote_ident(a.attname), ', ' order by a.attnum) into columns
    from pg_attribute a
   where a.attrelid = format('public.%I', p_table)::regclass and a.attnum > 0 and not a.attisdropped
     and a.attgenerated = '' and a.attname <> all (p_except);
  execute format('revoke insert, update on table public.%I from authenticated', p_table);
  foreach w in array p_writes loop
    execute format('grant %s (%s) on table public.%I to authenticated', w, columns, p_table);
  end loop;
end
$$;
revoke all on function private.grant_patient_columns(text, text[], text[]) from public;

select private.grant_patient_columns(t.name, t.writes, array['created_at'])
  from (values
    ('webshop_customers', array['insert', 'update']),
    ('webshop_customer_address', array['insert', 'update']),
    ('webshop_customer_insurance', array['insert', 'update']),
    ('webshop_customer_questionnaire', array['insert', 'update']),
    ('webshop_customer_order_defaults', array['insert']),
    ('webshop_customer_additional_info', array['insert', 'update'])
  ) as t (name, writes);
