-- Realtime DELETE events carry nothing about a patient (issue 37 item 5). Hosted Realtime sends
-- every DELETE of a published table to every subscriber of it (row level security cannot be
-- checked for a row that is gone), as the old row's primary key alone (RLS on, REPLICA IDENTITY
-- FULL or not). Keys that were the patient's data were heard by every patient: the customer id
-- (webshop_customers, patient_plan_settings), a push endpoint (the devices), a pharmacode and a
-- day (dose marks), a prescription's Id (e-prescriptions). Each of these tables gets an opaque
-- primary key — a random uuid the server makes — and keeps its natural key as a unique
-- constraint, so writes by the natural key (on_conflict) work as before:
--
--   table                                key realtime sends   natural key (unique)
--   webshop_customers                    row_id               id (= auth.users.id; every customer_id refers to it)
--   patient_plan_settings                id                   customer_id
--   webshop_customer_dose_mark           id                   customer_id, prescription_id, day, period
--   webshop_customer_eprescription       id                   customer_id, rx_id
--   webshop_customer_push_subscription   id                   customer_id, endpoint (and endpoint alone)
--
-- The other published tables are keyed by an identity `id` already, which says nothing of anyone.
-- A plain upsert (no on_conflict) names the primary key: clients name the natural key instead
-- (the app's outbox always does; spec §7's "upsert webshop_customers by id" is on_conflict=id).
-- The keys are the server's: no patient grant names them (column grants below and in
-- 20261126100300_server_columns.sql).

-- webshop_customers: the foreign keys to it lean on its primary key's index; they are dropped and
-- made again, the same, against the unique id.
alter table public.webshop_customers add column row_id uuid not null default gen_random_uuid();
create temporary table customer_references on commit drop as
  select c.conrelid::regclass as tbl, c.conname as name, pg_get_constraintdef(c.oid) as definition
    from pg_constraint c
   where c.contype = 'f' and c.confrelid = 'public.webshop_customers'::regclass;
do $$
declare
  r record;
begin
  for r in select * from customer_references loop
    execute format('alter table %s drop constraint %I', r.tbl, r.name);
  end loop;
  alter table public.webshop_customers drop constraint webshop_customers_pkey;
  alter table public.webshop_customers alter column id set not null;
  alter table public.webshop_customers add constraint webshop_customers_id_key unique (id);
  alter table public.webshop_customers add constraint webshop_customers_pkey primary key (row_id);
  for r in select * from customer_references loop
    execute format('alter table %s add constraint %I %s', r.tbl, r.name, r.definition);
  end loop;
end
$$;

alter table public.patient_plan_settings add column id uuid not null default gen_random_uuid();
alter table public.patient_plan_settings drop constraint patient_plan_settings_pkey;
alter table public.patient_plan_settings add constraint patient_plan_settings_customer_id_key unique (customer_id);
alter table public.patient_plan_settings add constraint patient_plan_settings_pkey primary key (id);

alter table public.webshop_customer_dose_mark add column id uuid not null default gen_random_uuid();
alter table public.webshop_customer_dose_mark drop constraint webshop_customer_dose_mark_pkey;
alter table public.webshop_customer_dose_mark add constraint webshop_customer_dose_mark_dose_key unique (customer_id, prescription_id, day, period);
alter table public.webshop_customer_dose_mark add constraint webshop_customer_dose_mark_pkey primary key (id);

alter table public.webshop_customer_eprescription add column id uuid not null default gen_random_uuid();
alter table public.webshop_customer_eprescription drop constraint webshop_customer_eprescription_pkey;
alter table public.webshop_customer_eprescription add constraint webshop_customer_eprescription_rx_key unique (customer_id, rx_id);
alter table public.webshop_customer_eprescription add constraint webshop_customer_eprescription_pkey primary key (id);

alter table public.webshop_customer_push_subscription add column id uuid not null default gen_random_uuid();
alter table public.webshop_customer_push_subscription drop constraint webshop_customer_push_subscription_pkey;
alter table public.webshop_customer_push_subscription add constraint webshop_customer_push_subscription_device_key unique (customer_id, endpoint);
alter table public.webshop_customer_push_subscription add constraint webshop_customer_push_subscription_pkey primary key (id);

-- the keys are the server's: the patients' grants of the plan settings, the dose marks and the
-- e-prescriptions name every other column (the devices' grants never named it; customers: the
-- server-columns migration)
select private.grant_patient_columns(t.name, t.writes, array['id'])
  from (values
    ('patient_plan_settings', array['insert', 'update']),
    ('webshop_customer_dose_mark', array['insert', 'update']),
    ('webshop_customer_eprescription', array['insert'])
  ) as t (name, writes);
