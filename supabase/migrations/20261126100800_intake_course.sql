-- What the patient takes (issue 38, decision 0046): the dose reminders ask the same rule as the
-- app's plan, history, report and eMediplan (src/domain/intake-course.ts). A prescription is
-- taken from the Zurich date of its created_at through its expiry date; a used single-use one
-- only while what was delivered for it lasts: the packs of its product in orders finished or
-- sent (status 90 and above, 99 canceled aside) dated on or after its first day, qty units each
-- (the catalogue's pack size), taken at its dosage from the day of the first of them; the course
-- ends with the last dose those units cover in full. Without such a delivery, a pack size or a
-- dosage above 0, only the expiry ends it. tests/backend/intake-course.test.ts feeds this and
-- the app's rule the same prescriptions and compares them dose by dose.

-- The last dose of a used single-use prescription's course: its day and period (1 morning …
-- 4 night), or nulls when no end can be told (the expiry ends it then).
create or replace function private.intake_course_end(p_customer_id uuid, p_medication_id bigint, p_first_day date, p_dosage numeric[],
  out last_day date, out last_period integer)
language plpgsql
stable
set search_path = ''
as $$
declare
  daily numeric := coalesce(p_dosage[1], 0) + coalesce(p_dosage[2], 0) + coalesce(p_dosage[3], 0) + coalesce(p_dosage[4], 0);
  pack numeric;
  packs numeric;
  start_day date;
  units numeric;
  full_days integer;
  rest numeric;
  taken numeric := 0;
  i integer;
begin
  if daily <= 0 then
    return;
  end if;
  select p.qty into pack from public.pharmindex p where p.pharmacode = p_medication_id;
  if pack is null or pack <= 0 then
    return;
  end if;
  select sum(it.amount), min((o.created_at at time zone 'Europe/Zurich')::date) into packs, start_day
    from public.webshop_order o
    join public.webshop_order_item it on it.order_id = o.id
   where o.customer_id = p_customer_id
     and it.pharmacode = p_medication_id
     and it.amount > 0
     and o.status >= 90 and o.status <> 99
     and (p_first_day is null or (o.created_at at time zone 'Europe/Zurich')::date >= p_first_day);
  if packs is null then
    return;
  end if;
  units := packs * pack;
  full_days := floor(units / daily + 1e-9);
  rest := units - full_days * daily;
  for i in 1..4 loop
    if p_dosage[i] > 0 then
      exit when taken + p_dosage[i] > rest + 1e-9;
      taken := taken + p_dosage[i];
      last_period := i;
    end if;
  end loop;
  if last_period is not null then
    last_day := start_day + full_days;
    return;
  end if;
  -- the rest covers no dose: the course ended with the last dose of the day before
  last_day := start_day + full_days - 1;
  select max(k) into last_period from generate_series(1, 4) k where p_dosage[k] > 0;
end
$$;
revoke all on function private.intake_course_end(uuid, bigint, date, numeric[]) from public;

-- Whether a prescription is taken at a dose (p_period 1 morning … 4 night of p_day).
create or replace function private.is_taken_at(m public.webshop_customer_medication, p_day date, p_period integer)
returns boolean
language sql
stable
set search_path = ''
as $$
  select (m.created_at at time zone 'Europe/Zurich')::date <= p_day
     and p_day <= m.expires_at
     and not exists (
       select 1 from private.intake_course_end(m.customer_id, m.medication_id, (m.created_at at time zone 'Europe/Zurich')::date, m.dosage) e
        where m.single_use and m.used and e.last_day is not null
          and (p_day > e.last_day or (p_day = e.last_day and p_period > e.last_period))
     )
$$;
revoke all on function private.is_taken_at(public.webshop_customer_medication, date, integer) from public;

-- The doses of one period of one day, as before (20261125001300_dose_reminders.sql), now by the
-- rule above: a finished course is no longer reminded of nor marked taken from a notification.
create or replace function public.dose_reminder_doses(p_customer_id uuid, p_day date, p_period text)
returns table (prescription_id bigint, pharmacode bigint, name_de text, name_fr text, marked boolean)
language sql
stable
security definer
set search_path = ''
as $$
  select m.id, m.medication_id, coalesce(pr.dscrd, pi.dscrd), coalesce(pr.dscrf, pi.dscrf, pr.dscrd, pi.dscrd),
         exists (
           select 1 from public.webshop_customer_dose_mark d
            where d.customer_id = m.customer_id and d.prescription_id = m.id and d.day = p_day and d.period = p_period
              and d.status in ('taken', 'skipped')
         )
    from public.webshop_customer_medication m
    left join public.pharmindex pi on pi.pharmacode = m.medication_id
    left join public.pharmindex_product pr on pr.prdno = pi.prdno
   where m.customer_id = p_customer_id
     and m.dosage[array_position(array['morning', 'noon', 'evening', 'night'], p_period)] > 0
     and private.is_taken_at(m, p_day, array_position(array['morning', 'noon', 'evening', 'night'], p_period))
   order by m.id
$$;
revoke all on function public.dose_reminder_doses(uuid, date, text) from public, anon, authenticated;
grant execute on function public.dose_reminder_doses(uuid, date, text) to service_role;
