-- Dose marks (issue 24; docs/architecture.md, "Tables beyond the spec"): the patient's check-off of one dose
-- of the intake plan — taken, skipped (with a reason) or unmarked again — one row per customer,
-- prescription, day (Europe/Zurich calendar) and period. A synced table of the registry
-- (src/data/tables/synced-tables.ts, mirror 'rows', write 'upsert' by this natural key), written
-- offline first on every device of the patient.
--
-- Two devices that marked the same dose converge to one row: the later mark wins, by the time it
-- was made ON THE DEVICE (marked_at), not by the order of arrival; on equal instants the device
-- id, then the status (taken < skipped < unmarked) and the reason decide, compared byte-wise —
-- exactly src/domain/doses/dose-marks.ts compareMarks. An unmark is a mark too (status
-- 'unmarked'), so it beats an older mark made elsewhere; rows are never deleted by patients.
--
-- A device clock ahead must not win forever: marked_at is clamped to at most five minutes after
-- the server's clock (DOSE_MARK_FUTURE_TOLERANCE). Decided: clamp, not refuse — a refused mark
-- would be lost on the device; a clamped one still counts, and from five minutes on a mark made
-- elsewhere wins over it as it should. The clamped row reaches every device by realtime.
--
-- RLS: a patient reads their own rows; writes (insert, and update by the upsert) only their own
-- rows, only for a prescription of theirs with the same pharmacode, never for a day after today
-- and at most 7 days back (Zurich calendar of the server's clock; the app refuses the same
-- locally: canMarkDay of dose-marks.ts); aal2 where a second factor is enrolled (check_mfa).

-- customer_id has no foreign key of its own: with one to webshop_customers beside the one to the
-- prescription, both in the primary key, PostgREST would take this table for a junction between
-- customers and prescriptions and refuse the pull's embedding webshop_customer_medication(*) as
-- ambiguous (PGRST201). The prescription's key cascades a customer's deletion all the same.
create table public.webshop_customer_dose_mark (
  customer_id uuid not null default auth.uid(),
  prescription_id bigint not null references public.webshop_customer_medication (id) on delete cascade,
  pharmacode bigint not null,
  day date not null,
  period text not null check (period in ('morning', 'noon', 'evening', 'night')),
  status text not null check (status in ('taken', 'skipped', 'unmarked')),
  reason text check (reason in ('forgot', 'side_effects', 'out_of_stock', 'other')),
  marked_at timestamptz not null,
  device_id text not null check (char_length(device_id) between 1 and 100),
  primary key (customer_id, prescription_id, day, period),
  -- a reason goes with a skip, and a skip has one ('other' is the catch-all)
  constraint webshop_customer_dose_mark_reason check ((status = 'skipped') = (reason is not null))
);
comment on table public.webshop_customer_dose_mark is
  'One mark per dose (customer, prescription, Zurich day, period); the later marked_at (device time) wins.';
-- the pull: the patient's rows of the last 90 days
create index webshop_customer_dose_mark_day_idx on public.webshop_customer_dose_mark (customer_id, day);
create index webshop_customer_dose_mark_prescription_idx on public.webshop_customer_dose_mark (prescription_id);

-- ---------------------------------------------------------------------------------------------
-- The later mark wins, also when the older one arrives later (an offline device). BEFORE INSERT
-- clamps a clock ahead; BEFORE UPDATE (the upsert's DO UPDATE) clamps too and then keeps the
-- stored row when it wins: the row is "updated" to itself, so the upsert answers as usual and
-- realtime sends the standing mark to every device — also to the one whose mark lost, whose
-- mirror shows the winner at once.
create or replace function public.webshop_dose_mark_rank(p_status text)
returns integer
language sql
immutable
set search_path = ''
as $$
  select array_position(array['taken', 'skipped', 'unmarked'], p_status)
$$;

create or replace function public.webshop_dose_mark_later_wins()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  -- whole milliseconds, as the devices write and compare them
  latest constant timestamptz := date_trunc('milliseconds', now() + interval '5 minutes');
begin
  if new.marked_at > latest then
    new.marked_at := latest;
  end if;
  if tg_op = 'UPDATE' and (
       new.marked_at,
       new.device_id collate "C",
       public.webshop_dose_mark_rank(new.status),
       coalesce(new.reason, '') collate "C"
     ) < (
       old.marked_at,
       old.device_id collate "C",
       public.webshop_dose_mark_rank(old.status),
       coalesce(old.reason, '') collate "C"
     ) then
    return old;
  end if;
  return new;
end
$$;
create trigger webshop_dose_mark_later_wins
  before insert or update on public.webshop_customer_dose_mark
  for each row execute function public.webshop_dose_mark_later_wins();

revoke all on function public.webshop_dose_mark_later_wins() from public, anon, authenticated;
revoke all on function public.webshop_dose_mark_rank(text) from public, anon;
grant execute on function public.webshop_dose_mark_rank(text) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Whether the caller may write a mark of this dose: their prescription of this product, a day
-- from 7 days ago through today on the Zurich calendar of the server's clock.
create or replace function public.dose_mark_writable(p_prescription_id bigint, p_pharmacode bigint, p_day date)
returns boolean
language sql
stable
security invoker
set search_path = ''
as $$
  select p_day <= (now() at time zone 'Europe/Zurich')::date
     and p_day >= (now() at time zone 'Europe/Zurich')::date - 7
     and exists (
       select 1 from public.webshop_customer_medication m
        where m.id = p_prescription_id
          and m.customer_id = (select auth.uid())
          and m.medication_id = p_pharmacode
     )
$$;
revoke all on function public.dose_mark_writable(bigint, bigint, date) from public, anon;
grant execute on function public.dose_mark_writable(bigint, bigint, date) to authenticated, service_role;

alter table public.webshop_customer_dose_mark enable row level security;
revoke all on table public.webshop_customer_dose_mark from public, anon, authenticated;
grant all on table public.webshop_customer_dose_mark to service_role;
grant select, insert, update on table public.webshop_customer_dose_mark to authenticated;

create policy "mfa required when enrolled" on public.webshop_customer_dose_mark
  as restrictive for all to authenticated using ((select public.check_mfa())) with check ((select public.check_mfa()));
create policy "own marks: select" on public.webshop_customer_dose_mark
  for select to authenticated using (customer_id = (select auth.uid()));
create policy "own marks: insert" on public.webshop_customer_dose_mark
  for insert to authenticated
  with check (customer_id = (select auth.uid()) and public.dose_mark_writable(prescription_id, pharmacode, day));
create policy "own marks: update" on public.webshop_customer_dose_mark
  for update to authenticated
  using (customer_id = (select auth.uid()) and public.dose_mark_writable(prescription_id, pharmacode, day))
  with check (customer_id = (select auth.uid()) and public.dose_mark_writable(prescription_id, pharmacode, day));

-- ---------------------------------------------------------------------------------------------
-- Realtime: every device of the patient follows the marks (UPDATE events carry the whole row).
alter table public.webshop_customer_dose_mark replica identity full;
do $$
begin
  if not exists (
    select 1 from pg_publication_tables
     where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'webshop_customer_dose_mark'
  ) then
    alter publication supabase_realtime add table public.webshop_customer_dose_mark;
  end if;
end
$$;
