-- Dose reminders by Web Push (issue 28): the devices a patient turned reminders on for, what the
-- sender sent, the "remind me in 30 minutes" requests, and the rules the sender asks of the
-- database (supabase/functions/_shared/dose-reminders.ts runs them with the secret key).
--
-- webshop_customer_push_subscription: one row per device (browser push subscription) that wants
-- reminders. A synced table of the registry (src/data/tables/synced-tables.ts: mirror 'rows',
-- write 'upsert' by (customer_id, endpoint)), so the profile lists the patient's devices on every
-- device. The endpoint is unique across patients: one browser subscription reminds one patient
-- (sign-out deletes the row and unsubscribes the browser, so the next patient gets a new one).
-- The keys are the subscription's p256dh (P-256 point) and auth secret (16 bytes), base64url.
-- show_names: medication names in the notification (off by default: the payload crosses
-- third-party push services). last_success_at is the sender's (no update grant for patients).
--
-- Endpoints: https only, except the loopback address for the tests' stand-in push service. The
-- sender posts to whatever endpoint a patient stored; any https push service must be possible
-- (browsers pick their own), so the host is not checked further.
create table public.webshop_customer_push_subscription (
  customer_id uuid not null default auth.uid() references public.webshop_customers (id) on delete cascade,
  endpoint text not null unique
    check (char_length(endpoint) <= 1000 and (endpoint ~ '^https://[^/@\s]+/' or endpoint ~ '^http://(127\.0\.0\.1|localhost):[0-9]+/')),
  p256dh text not null check (p256dh ~ '^[A-Za-z0-9_-]{86,88}$'),
  auth text not null check (auth ~ '^[A-Za-z0-9_-]{22,24}$'),
  device_label text not null default '' check (char_length(device_label) <= 100),
  show_names boolean not null default false,
  created_at timestamptz not null default now(),
  last_success_at timestamptz,
  primary key (customer_id, endpoint)
);
comment on table public.webshop_customer_push_subscription is
  'Devices that receive dose reminders by Web Push (one browser push subscription each).';

alter table public.webshop_customer_push_subscription enable row level security;
revoke all on table public.webshop_customer_push_subscription from public, anon, authenticated;
grant all on table public.webshop_customer_push_subscription to service_role;
grant select, insert, delete on table public.webshop_customer_push_subscription to authenticated;
-- the outbox's upsert sets the columns it sends; last_success_at and created_at stay the server's
grant update (customer_id, endpoint, p256dh, auth, device_label, show_names) on table public.webshop_customer_push_subscription to authenticated;

create policy "mfa required when enrolled" on public.webshop_customer_push_subscription
  as restrictive for all to authenticated using ((select public.check_mfa())) with check ((select public.check_mfa()));
create policy "own devices" on public.webshop_customer_push_subscription
  for all to authenticated
  using (customer_id = (select auth.uid()))
  with check (customer_id = (select auth.uid()));

alter table public.webshop_customer_push_subscription replica identity full;
do $$
begin
  if not exists (
    select 1 from pg_publication_tables
     where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'webshop_customer_push_subscription'
  ) then
    alter publication supabase_realtime add table public.webshop_customer_push_subscription;
  end if;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- What the sender claimed and sent: one row per device, day, period and round (0: the period's
-- reminder, 1, 2, …: the reminders a "later" asked for). The claim is made before the push goes
-- out (insert … on conflict do nothing), so two senders running at once never send one reminder
-- twice; a push the service asked to retry gives its claim back.
create schema if not exists private;
revoke all on schema private from public;

create table private.dose_reminder_sent (
  endpoint text not null references public.webshop_customer_push_subscription (endpoint) on delete cascade,
  customer_id uuid not null,
  day date not null,
  period text not null check (period in ('morning', 'noon', 'evening', 'night')),
  round smallint not null check (round between 0 and 10),
  claimed_at timestamptz not null,
  outcome text check (outcome in ('sent', 'rejected')),
  primary key (endpoint, day, period, round)
);
alter table private.dose_reminder_sent enable row level security;

-- "Remind me in 30 minutes" from a notification: one more round for the patient's devices.
create table private.dose_reminder_later (
  customer_id uuid not null references public.webshop_customers (id) on delete cascade,
  day date not null,
  period text not null check (period in ('morning', 'noon', 'evening', 'night')),
  round smallint not null check (round between 1 and 10),
  due_at timestamptz not null,
  primary key (customer_id, day, period, round)
);
alter table private.dose_reminder_later enable row level security;

-- ---------------------------------------------------------------------------------------------
-- THE place of the reminder times: the wall-clock time (Europe/Zurich) of each intake period for
-- a patient — the patient's plan settings (patient_plan_settings, the eMediplan issue), else the
-- eMediplan's 08:00, 12:00, 18:00, 22:00. The app's twin: src/domain/doses/reminder-times.ts.
create or replace function public.dose_reminder_times(p_customer_id uuid)
returns table (period text, at_time time)
language sql
stable
set search_path = ''
as $$
  select d.period,
         coalesce(case d.period when 'morning' then s.morning_time when 'noon' then s.noon_time
                                when 'evening' then s.evening_time else s.night_time end, d.default_time)::time
    from (values ('morning', '08:00'), ('noon', '12:00'), ('evening', '18:00'), ('night', '22:00')) as d (period, default_time)
    left join public.patient_plan_settings s on s.customer_id = p_customer_id
   where p_customer_id is not null
$$;
revoke all on function public.dose_reminder_times(uuid) from public, anon;
grant execute on function public.dose_reminder_times(uuid) to authenticated, service_role;

-- The doses of one period of one day (spec §4; src/domain/doses/doses-due.ts dosesDueOn): the
-- patient's prescriptions in force that day (from the Zurich date of created_at through
-- expires_at) whose dosage is above 0 in that period, with whether a mark (taken or skipped)
-- stands; names in both languages for a notification that may show them.
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
     and (m.created_at at time zone 'Europe/Zurich')::date <= p_day
     and p_day <= m.expires_at
     and m.dosage[array_position(array['morning', 'noon', 'evening', 'night'], p_period)] > 0
   order by m.id
$$;
revoke all on function public.dose_reminder_doses(uuid, date, text) from public, anon, authenticated;
grant execute on function public.dose_reminder_doses(uuid, date, text) to service_role;

-- Claims the reminders due at p_now and returns them, one row per device: a period whose time
-- (of today or yesterday in Zurich) lies from 0 to 59 minutes before p_now, or a "later" due
-- in that window; a patient with a dose of that period not yet marked; a device not yet
-- claimed for that day, period and round. Nothing later than 60 minutes after its time: a
-- stalled scheduler does not send the morning's reminder at noon. p_now is the caller's clock
-- (the tests' fake one); only the secret key may call it.
create or replace function public.dose_reminders_claim(p_now timestamptz)
returns table (
  endpoint text, p256dh text, auth text, show_names boolean, customer_id uuid, language text,
  day date, period text, round smallint, due_at timestamptz, names text[]
)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  today constant date := (p_now at time zone 'Europe/Zurich')::date;
begin
  return query
  with customers as (
    select distinct s.customer_id from public.webshop_customer_push_subscription s
  ),
  slots as (
    select c.customer_id, d.day, t.period, 0::smallint as round, ((d.day + t.at_time) at time zone 'Europe/Zurich') as due_at
      from customers c
      cross join (values (today), (today - 1)) as d (day)
      cross join lateral public.dose_reminder_times(c.customer_id) t
    union all
    select l.customer_id, l.day, l.period, l.round, l.due_at
      from private.dose_reminder_later l
      join customers c on c.customer_id = l.customer_id
  ),
  due as (
    select s.*
      from slots s
     where s.due_at <= p_now and p_now < s.due_at + interval '60 minutes'
       and exists (select 1 from public.dose_reminder_doses(s.customer_id, s.day, s.period) x where not x.marked)
  ),
  claimed as (
    insert into private.dose_reminder_sent as r (endpoint, customer_id, day, period, round, claimed_at)
    select s.endpoint, due.customer_id, due.day, due.period, due.round, p_now
      from due
      join public.webshop_customer_push_subscription s on s.customer_id = due.customer_id
    on conflict do nothing
    returning r.endpoint, r.customer_id, r.day, r.period, r.round
  )
  select s.endpoint, s.p256dh, s.auth, s.show_names, s.customer_id,
         coalesce(wc.language, 'de'), c.day, c.period, c.round, due.due_at,
         case when s.show_names then (
           select array_agg(case when coalesce(wc.language, 'de') = 'fr' then x.name_fr else x.name_de end order by x.prescription_id)
             from public.dose_reminder_doses(c.customer_id, c.day, c.period) x where not x.marked
         ) end
    from claimed c
    join public.webshop_customer_push_subscription s on s.endpoint = c.endpoint
    join due on due.customer_id = c.customer_id and due.day = c.day and due.period = c.period and due.round = c.round
    left join public.webshop_customers wc on wc.id = c.customer_id
   order by s.customer_id, c.day, c.period, c.round, s.endpoint;
end
$$;
revoke all on function public.dose_reminders_claim(timestamptz) from public, anon, authenticated;
grant execute on function public.dose_reminders_claim(timestamptz) to service_role;

-- What came of a claimed push: 'sent' records it and the device's last success; 'gone' (404/410)
-- deletes the device; 'retry' (429, 5xx, no answer) gives the claim back for the next run within
-- the hour; 'rejected' (any other answer) keeps the claim, so a request the service refuses is not
-- repeated every five minutes.
create or replace function public.dose_reminder_outcome(p_endpoint text, p_day date, p_period text, p_round smallint, p_outcome text, p_now timestamptz)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if p_outcome = 'sent' then
    update private.dose_reminder_sent set outcome = 'sent'
     where endpoint = p_endpoint and day = p_day and period = p_period and round = p_round;
    update public.webshop_customer_push_subscription set last_success_at = p_now where endpoint = p_endpoint;
  elsif p_outcome = 'gone' then
    delete from public.webshop_customer_push_subscription where endpoint = p_endpoint;
  elsif p_outcome = 'retry' then
    delete from private.dose_reminder_sent
     where endpoint = p_endpoint and day = p_day and period = p_period and round = p_round;
  elsif p_outcome = 'rejected' then
    update private.dose_reminder_sent set outcome = 'rejected'
     where endpoint = p_endpoint and day = p_day and period = p_period and round = p_round;
  else
    raise exception 'unknown outcome %', p_outcome using errcode = '22023';
  end if;
end
$$;
revoke all on function public.dose_reminder_outcome(text, date, text, smallint, text, timestamptz) from public, anon, authenticated;
grant execute on function public.dose_reminder_outcome(text, date, text, smallint, text, timestamptz) to service_role;

-- "Taken" from a notification (the function verified the capability token first): every dose of
-- the period marked taken at the device's time of the tap, through the dose marks' own
-- later-mark-wins trigger, so a mark made later in the app still wins and a second call with the
-- same time changes nothing. Returns how many doses the period has.
create or replace function public.dose_reminder_taken(p_customer_id uuid, p_day date, p_period text, p_marked_at timestamptz, p_device_id text)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  n integer;
begin
  insert into public.webshop_customer_dose_mark as d (customer_id, prescription_id, pharmacode, day, period, status, reason, marked_at, device_id)
  select p_customer_id, x.prescription_id, x.pharmacode, p_day, p_period, 'taken', null, date_trunc('milliseconds', p_marked_at), p_device_id
    from public.dose_reminder_doses(p_customer_id, p_day, p_period) x
  on conflict (customer_id, prescription_id, day, period) do update
    set pharmacode = excluded.pharmacode, status = excluded.status, reason = excluded.reason,
        marked_at = excluded.marked_at, device_id = excluded.device_id;
  get diagnostics n = row_count;
  return n;
end
$$;
revoke all on function public.dose_reminder_taken(uuid, date, text, timestamptz, text) from public, anon, authenticated;
grant execute on function public.dose_reminder_taken(uuid, date, text, timestamptz, text) to service_role;

-- "Remind me in 30 minutes": one more round at p_now + 30 minutes, unless one is still waiting
-- (a second tap, or another device's) — then that one stands. At most 10 rounds a period.
-- Returns the round's due time.
create or replace function public.dose_reminder_later(p_customer_id uuid, p_day date, p_period text, p_now timestamptz)
returns timestamptz
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  waiting timestamptz;
  next_round smallint;
begin
  perform pg_advisory_xact_lock(hashtextextended(p_customer_id::text || p_day::text || p_period, 28));
  select l.due_at into waiting from private.dose_reminder_later l
   where l.customer_id = p_customer_id and l.day = p_day and l.period = p_period and l.due_at > p_now
   order by l.due_at limit 1;
  if waiting is not null then
    return waiting;
  end if;
  select coalesce(max(l.round), 0) + 1 into next_round from private.dose_reminder_later l
   where l.customer_id = p_customer_id and l.day = p_day and l.period = p_period;
  if next_round > 10 then
    return null;
  end if;
  insert into private.dose_reminder_later (customer_id, day, period, round, due_at)
  values (p_customer_id, p_day, p_period, next_round, p_now + interval '30 minutes');
  return p_now + interval '30 minutes';
end
$$;
revoke all on function public.dose_reminder_later(uuid, date, text, timestamptz) from public, anon, authenticated;
grant execute on function public.dose_reminder_later(uuid, date, text, timestamptz) to service_role;

-- ---------------------------------------------------------------------------------------------
-- The schedule on a hosted project: pg_cron calls the sender every five minutes through pg_net,
-- with the function's URL and its secret from Vault (README.md, "Dose reminders"). Only where
-- both extensions are available (hosted Supabase); the local stack has neither and runs a timer
-- (supabase/local/reminder-timer.ts). Without the two Vault secrets the job posts nothing.
do $do$
begin
  if (select count(*) from pg_available_extensions where name in ('pg_cron', 'pg_net')) = 2 then
    create extension if not exists pg_cron;
    create extension if not exists pg_net with schema extensions;
    perform cron.schedule(
      'dose-reminders',
      '*/5 * * * *',
      $job$
        select net.http_post(
          url := u.decrypted_secret,
          headers := jsonb_build_object('content-type', 'application/json', 'authorization', 'Bearer ' || s.decrypted_secret),
          body := '{}'::jsonb,
          timeout_milliseconds := 30000
        )
          from vault.decrypted_secrets u, vault.decrypted_secrets s
         where u.name = 'dose_reminders_url' and s.name = 'dose_reminders_secret'
      $job$
    );
  end if;
end
$do$;
