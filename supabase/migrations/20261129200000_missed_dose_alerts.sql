-- The missed-dose alert (issue 41 item 4): a helper who may see a patient's plan can ask for a
-- push when a period's doses are still unmarked 60 minutes after the period's time.
--
-- 1. caregiver_grants.missed_dose_alert: the helper's choice, per patient (caregiver_alert);
--    caregiver_grants.alert_shows_names: the patient's, per helper (caregiver_alert_names) — an
--    alert names the medications only when the patient allows it. Every right implies 'see', so
--    any accepted, unrevoked grant may ask; a revoked grant is never claimed (the claim reads
--    revoked_at, so a removal stops the alerts at once).
-- 2. missed_dose_alerts_claim(now): what the reminder sender pushes besides the reminders — per
--    helper's device, patient, day and period once (private.missed_dose_alert_sent), claimable
--    from 60 until 119 minutes after the period's time in Europe/Zurich, only while a dose of that
--    period is still unmarked (dose_reminder_doses). The helper's devices are their push
--    subscriptions (webshop_customer_push_subscription, the same as for their own reminders),
--    locked as dose_reminders_claim locks them. missed_dose_alert_outcome and
--    missed_dose_alerts_release as dose_reminder_outcome and dose_reminders_release.

alter table public.caregiver_grants
  add column missed_dose_alert boolean not null default false,
  add column alert_shows_names boolean not null default false;
grant select (missed_dose_alert, alert_shows_names) on table public.caregiver_grants to authenticated;

-- 1. --------------------------------------------------------------------------------------------
create or replace function public.caregiver_alert(p_grant uuid, p_on boolean)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  uid constant uuid := private.caregiver_caller();
begin
  if p_on is null then
    raise exception using errcode = 'PT400', message = 'invalid_value', detail = 'Say true or false.';
  end if;
  update public.caregiver_grants g set missed_dose_alert = p_on
   where g.id = p_grant and g.helper_id = uid and g.accepted_at is not null and g.revoked_at is null;
  if not found then
    raise exception using errcode = 'PT404', message = 'grant_not_found', detail = 'You do not help this person (any more).';
  end if;
end
$$;
comment on function public.caregiver_alert(uuid, boolean) is
  'The helper asks for (or stops) the missed-dose alert of a person they help. PT400 invalid_value, PT401, PT403 insufficient_aal, PT404 grant_not_found.';

create or replace function public.caregiver_alert_names(p_grant uuid, p_on boolean)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  uid constant uuid := private.caregiver_caller();
begin
  if p_on is null then
    raise exception using errcode = 'PT400', message = 'invalid_value', detail = 'Say true or false.';
  end if;
  update public.caregiver_grants g set alert_shows_names = p_on
   where g.id = p_grant and g.patient_id = uid and g.revoked_at is null;
  if not found then
    raise exception using errcode = 'PT404', message = 'grant_not_found', detail = 'There is no such grant of yours.';
  end if;
end
$$;
comment on function public.caregiver_alert_names(uuid, boolean) is
  'The patient lets a helper''s missed-dose alerts name the medications (or not). PT400 invalid_value, PT401, PT403 insufficient_aal, PT404 grant_not_found.';

revoke all on function public.caregiver_alert(uuid, boolean) from public, anon;
revoke all on function public.caregiver_alert_names(uuid, boolean) from public, anon;
grant execute on function public.caregiver_alert(uuid, boolean) to authenticated;
grant execute on function public.caregiver_alert_names(uuid, boolean) to authenticated;

-- 2. --------------------------------------------------------------------------------------------
create table private.missed_dose_alert_sent (
  endpoint text not null references public.webshop_customer_push_subscription (endpoint) on delete cascade,
  patient_id uuid not null references public.webshop_customers (id) on delete cascade,
  day date not null,
  period text not null check (period in ('morning', 'noon', 'evening', 'night')),
  claimed_at timestamptz not null,
  outcome text check (outcome in ('sent', 'rejected')),
  primary key (endpoint, patient_id, day, period)
);
alter table private.missed_dose_alert_sent enable row level security;

create function public.missed_dose_alerts_claim(p_now timestamptz, p_max integer default 500)
returns table (
  endpoint text, p256dh text, auth text, language text, patient_id uuid, patient_name text,
  day date, period text, due_at timestamptz, names text[]
)
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  today constant date := (p_now at time zone 'Europe/Zurich')::date;
begin
  return query
  with watches as (
    select g.patient_id as watched, g.helper_id as watcher, g.alert_shows_names as with_names
      from public.caregiver_grants g
     where g.missed_dose_alert and g.accepted_at is not null and g.revoked_at is null
       and exists (select 1 from public.webshop_customer_push_subscription s where s.customer_id = g.helper_id)
  ),
  missed as (
    select w.watched, w.watcher, w.with_names, d.day as on_day, t.period as in_period,
           ((d.day + t.at_time) at time zone 'Europe/Zurich') + interval '60 minutes' as alert_at
      from watches w
      cross join (values (today), (today - 1)) as d (day)
      cross join lateral public.dose_reminder_times(w.watched) t
  ),
  open_doses as (
    select m.* from missed m
     where m.alert_at <= p_now and p_now < m.alert_at + interval '60 minutes'
       and exists (select 1 from public.dose_reminder_doses(m.watched, m.on_day, m.in_period) x where not x.marked)
  ),
  -- the helpers' devices of this run, held until it ends: one being deleted now is skipped
  devices as (
    select s.endpoint as device, s.customer_id as owner
      from public.webshop_customer_push_subscription s
     where s.customer_id in (select o.watcher from open_doses o)
       for key share of s skip locked
  ),
  claimed as (
    insert into private.missed_dose_alert_sent as r (endpoint, patient_id, day, period, claimed_at)
    select d.device, o.watched, o.on_day, o.in_period, p_now
      from open_doses o
      join devices d on d.owner = o.watcher
     order by o.alert_at, d.device
     limit greatest(p_max, 0)
    on conflict do nothing
    returning r.endpoint as device, r.patient_id as watched, r.day as on_day, r.period as in_period
  )
  select s.endpoint, s.p256dh, s.auth, coalesce(hc.language, 'de'), c.watched,
         coalesce(nullif(btrim(pc.first_name), ''), ''), c.on_day, c.in_period, o.alert_at,
         case when o.with_names then (
           select array_agg(case when coalesce(hc.language, 'de') = 'fr' then x.name_fr else x.name_de end order by x.prescription_id)
             from public.dose_reminder_doses(c.watched, c.on_day, c.in_period) x where not x.marked
         ) end
    from claimed c
    join public.webshop_customer_push_subscription s on s.endpoint = c.device
    join open_doses o on o.watched = c.watched and o.watcher = s.customer_id and o.on_day = c.on_day and o.in_period = c.in_period
    left join public.webshop_customers hc on hc.id = s.customer_id
    left join public.webshop_customers pc on pc.id = c.watched
   order by s.customer_id, c.watched, c.on_day, c.in_period, s.endpoint;
end
$$;
revoke all on function public.missed_dose_alerts_claim(timestamptz, integer) from public, anon, authenticated;
grant execute on function public.missed_dose_alerts_claim(timestamptz, integer) to service_role;

create function public.missed_dose_alert_outcome(p_endpoint text, p_patient uuid, p_day date, p_period text, p_outcome text, p_now timestamptz)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if p_outcome not in ('sent', 'gone', 'retry', 'rejected') then
    raise exception 'unknown outcome %', p_outcome using errcode = '22023';
  end if;
  -- the device first, as its DELETE takes it: then its claim
  perform 1 from public.webshop_customer_push_subscription s where s.endpoint = p_endpoint for no key update;
  if not found then
    return;
  end if;
  if p_outcome = 'sent' then
    update private.missed_dose_alert_sent set outcome = 'sent'
     where endpoint = p_endpoint and patient_id = p_patient and day = p_day and period = p_period;
    update public.webshop_customer_push_subscription set last_success_at = p_now where endpoint = p_endpoint;
  elsif p_outcome = 'gone' then
    delete from public.webshop_customer_push_subscription where endpoint = p_endpoint;
  elsif p_outcome = 'retry' then
    delete from private.missed_dose_alert_sent
     where endpoint = p_endpoint and patient_id = p_patient and day = p_day and period = p_period;
  else
    update private.missed_dose_alert_sent set outcome = 'rejected'
     where endpoint = p_endpoint and patient_id = p_patient and day = p_day and period = p_period;
  end if;
end
$$;
revoke all on function public.missed_dose_alert_outcome(text, uuid, date, text, text, timestamptz) from public, anon, authenticated;
grant execute on function public.missed_dose_alert_outcome(text, uuid, date, text, text, timestamptz) to service_role;

create function public.missed_dose_alerts_release(p_claims jsonb)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  n integer;
begin
  if jsonb_typeof(p_claims) is distinct from 'array' then
    raise exception 'p_claims must be an array of claims' using errcode = '22023';
  end if;
  delete from private.missed_dose_alert_sent r
   using jsonb_to_recordset(p_claims) as c (endpoint text, patient_id uuid, day date, period text)
   where r.endpoint = c.endpoint and r.patient_id = c.patient_id and r.day = c.day and r.period = c.period and r.outcome is null;
  get diagnostics n = row_count;
  return n;
end
$$;
revoke all on function public.missed_dose_alerts_release(jsonb) from public, anon, authenticated;
grant execute on function public.missed_dose_alerts_release(jsonb) to service_role;
