-- The patient's plan settings (one row per patient, a synced table of the registry,
-- src/data/tables/synced-tables.ts, mirror 'rows', write 'upsert'):
--   morning_time … night_time  the wall-clock times (HH:MM, Europe/Zurich) at which the printed
--                              eMediplan's columns, the calendar's daily events and reminders
--                              stand for each intake period; the eMediplan's own 08:00, 12:00,
--                              18:00, 22:00 by default. The dashboard's periods (spec §4) stay
--                              as they are: these are the times of the plan that leaves the app.
--   refill_lead_days           how many days before a medication runs out a refill is suggested
--                              (1–60, 10 by default; read by the supply forecast).
-- The key is the patient (customer_id, defaulting to auth.uid()): the outbox writes the row
-- offline by that key, so an upsert sent twice stays one row.
--
-- Times are text, not `time`: the app reads and writes 'HH:MM' exactly as the form shows it (a
-- `time` column would come back as 'HH:MM:SS' and every pull would differ from what was
-- written). The CHECKs hold the form's rules (src/domain/schemas/plan-times.ts): a time of day,
-- and the four in the course of the day.
create table public.patient_plan_settings (
  customer_id uuid primary key default auth.uid() references public.webshop_customers (id) on delete cascade,
  morning_time text not null default '08:00',
  noon_time text not null default '12:00',
  evening_time text not null default '18:00',
  night_time text not null default '22:00',
  refill_lead_days smallint not null default 10,
  constraint patient_plan_settings_morning_time_format check (morning_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  constraint patient_plan_settings_noon_time_format check (noon_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  constraint patient_plan_settings_evening_time_format check (evening_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  constraint patient_plan_settings_night_time_format check (night_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  -- 'HH:MM' with two-digit hours compares as text in the order of the day
  constraint patient_plan_settings_times_order check (morning_time < noon_time and noon_time < evening_time and evening_time < night_time),
  constraint patient_plan_settings_refill_lead_days_range check (refill_lead_days between 1 and 60)
);
comment on table public.patient_plan_settings is 'Per patient: the times of the intake periods on the printed plan, in the calendar and its reminders (Europe/Zurich), and the refill lead time.';

-- Row level security as on every customer table (20261121000300_policies.sql): the own row only,
-- and a patient with a verified second factor only with an aal2 session.
alter table public.patient_plan_settings enable row level security;
revoke all on table public.patient_plan_settings from public, anon, authenticated;
grant select, insert, update on table public.patient_plan_settings to authenticated;
grant all on table public.patient_plan_settings to service_role;
create policy "own plan settings" on public.patient_plan_settings for all to authenticated
  using (customer_id = auth.uid() and public.check_mfa())
  with check (customer_id = auth.uid() and public.check_mfa());

-- Realtime: another device of the patient gets the row as it changes (the whole old row on
-- UPDATE, so the change names its customer).
alter table public.patient_plan_settings replica identity full;
alter publication supabase_realtime add table public.patient_plan_settings;
