-- The reminder sender against devices that come and go (issue 37 item 1).
--
-- 1. dose_reminders_claim no longer fails as a whole when a device is deleted while it claims:
--    its one `insert … select` into private.dose_reminder_sent checked each claim's foreign key
--    against a device deleted meanwhile (23503), and every patient's run answered 502. The
--    devices to claim are now locked first (FOR KEY SHARE, which a DELETE waits for) with SKIP
--    LOCKED: a device being deleted right now is left out of this run, never waited for, and a
--    device locked here cannot go before its claim is stored. At most p_max claims a run (the
--    rest stay due for the next run within the hour), so one run's work is bounded.
-- 2. dose_reminder_outcome takes the device's row first, then its claim: a device's DELETE takes
--    them in that order too (the row, then its claims by the cascade), so the two never wait for
--    each other in a circle (a 40P01 deadlock was seen with the claim first). A device gone
--    meanwhile has nothing left to record.
-- 3. dose_reminders_release gives back, in one call, the claims a run could not push before its
--    time ran out (supabase/functions/_shared/dose-reminders.ts), so the next run sends them.

drop function if exists public.dose_reminders_claim(timestamptz);

create function public.dose_reminders_claim(p_now timestamptz, p_max integer default 500)
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
  -- the devices of this run, held until it ends: one being deleted now is skipped, not awaited
  devices as (
    select s.endpoint, s.customer_id
      from public.webshop_customer_push_subscription s
     where s.customer_id in (select due.customer_id from due)
       for key share of s skip locked
  ),
  claimed as (
    insert into private.dose_reminder_sent as r (endpoint, customer_id, day, period, round, claimed_at)
    select d.endpoint, due.customer_id, due.day, due.period, due.round, p_now
      from due
      join devices d on d.customer_id = due.customer_id
     order by due.due_at, d.endpoint
     limit greatest(p_max, 0)
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
revoke all on function public.dose_reminders_claim(timestamptz, integer) from public, anon, authenticated;
grant execute on function public.dose_reminders_claim(timestamptz, integer) to service_role;

create or replace function public.dose_reminder_outcome(p_endpoint text, p_day date, p_period text, p_round smallint, p_outcome text, p_now timestamptz)
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
    update private.dose_reminder_sent set outcome = 'sent'
     where endpoint = p_endpoint and day = p_day and period = p_period and round = p_round;
    update public.webshop_customer_push_subscription set last_success_at = p_now where endpoint = p_endpoint;
  elsif p_outcome = 'gone' then
    delete from public.webshop_customer_push_subscription where endpoint = p_endpoint;
  elsif p_outcome = 'retry' then
    delete from private.dose_reminder_sent
     where endpoint = p_endpoint and day = p_day and period = p_period and round = p_round;
  else
    update private.dose_reminder_sent set outcome = 'rejected'
     where endpoint = p_endpoint and day = p_day and period = p_period and round = p_round;
  end if;
end
$$;

-- Claims a run did not push (its time ran out): given back, so the next run sends them. Only
-- claims without an outcome; the devices are not touched, so nothing here waits for a DELETE.
create or replace function public.dose_reminders_release(p_claims jsonb)
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
  delete from private.dose_reminder_sent r
   using jsonb_to_recordset(p_claims) as c (endpoint text, day date, period text, round smallint)
   where r.endpoint = c.endpoint and r.day = c.day and r.period = c.period and r.round = c.round and r.outcome is null;
  get diagnostics n = row_count;
  return n;
end
$$;
revoke all on function public.dose_reminders_release(jsonb) from public, anon, authenticated;
grant execute on function public.dose_reminders_release(jsonb) to service_role;
