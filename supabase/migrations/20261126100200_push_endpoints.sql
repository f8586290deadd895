-- The devices of the dose reminders against a hostile patient (issue 37 items 2, 3, 6).
--
-- 2. An endpoint is a push service's, nothing else: the sender posts to it with the server's
--    keys, so any host a patient could name (a link-local, private or metadata address, the
--    stack itself) was a request the server made for them. Accepted: https on the hosts of the
--    push services browsers use — Google FCM (fcm.googleapis.com: Chrome, Edge on Android,
--    Samsung, Opera), Mozilla autopush (*.push.services.mozilla.com: Firefox), Apple
--    (*.push.apple.com: Safari), Windows WNS (*.notify.windows.com: Edge on Windows) — without
--    port or user, printable ASCII only. The sender checks the same list before each push
--    (supabase/functions/_shared/web-push/push-endpoint.ts, kept equal by a test).
--    Loopback (http://127.0.0.1:<port>/) is the tests' stand-in push service: only while the row
--    of private.push_test_endpoints exists, which the local stack writes at its start in its test
--    mode (ALLOW_LOOPBACK_PUSH) and nothing on a hosted project ever writes.
-- 3. At most 10 devices per patient (a phone, a tablet, a computer or two — and browsers
--    re-subscribing): 1,000 rows in one request were taken, and the sender then pushed to each.
--    Counted under a lock per patient, so requests in parallel cannot pass it together.
-- 6. created_at and last_success_at are the server's: the insert grant named every column, so a
--    patient could write them. Column grants now name what a patient writes.
-- Subscriptions stored before with an endpoint outside the list can never be pushed to again:
-- they are removed (the patient turns reminders on again from a browser that has one).

create table if not exists private.push_test_endpoints (
  allowed boolean primary key default true check (allowed)
);
comment on table private.push_test_endpoints is
  'A row: push endpoints on 127.0.0.1 are accepted (the local stack''s test mode writes it at start). Never on a hosted project.';
revoke all on table private.push_test_endpoints from public;

-- 2. -------------------------------------------------------------------------------------------
delete from public.webshop_customer_push_subscription
 where endpoint !~ '^https://(fcm\.googleapis\.com|([a-z0-9-]+\.)+(push\.services\.mozilla\.com|push\.apple\.com|notify\.windows\.com))/[!-~]*$'
   and not (endpoint ~ '^http://127\.0\.0\.1:[0-9]{1,5}/[!-~]*$' and exists (select 1 from private.push_test_endpoints));

alter table public.webshop_customer_push_subscription
  drop constraint if exists webshop_customer_push_subscription_endpoint_check;
alter table public.webshop_customer_push_subscription
  add constraint webshop_customer_push_subscription_endpoint_service check (
    char_length(endpoint) <= 1000
    and (endpoint ~ '^https://(fcm\.googleapis\.com|([a-z0-9-]+\.)+(push\.services\.mozilla\.com|push\.apple\.com|notify\.windows\.com))/[!-~]*$'
      or endpoint ~ '^http://127\.0\.0\.1:[0-9]{1,5}/[!-~]*$')
  );

-- 2. and 3. ------------------------------------------------------------------------------------
create or replace function private.push_subscription_rules() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  devices integer;
begin
  if new.endpoint ~ '^http://' and not exists (select 1 from private.push_test_endpoints) then
    perform private.form_rule_violation('webshop_customer_push_subscription', 'webshop_customer_push_subscription_endpoint_service',
      'The endpoint is not one of the push services browsers use.');
  end if;
  if tg_op = 'INSERT' or new.customer_id is distinct from old.customer_id then
    -- one patient's devices one request at a time: the count sees the rows committed before
    perform pg_advisory_xact_lock(hashtextextended('push_devices:' || new.customer_id::text, 0));
    select count(*) into devices from public.webshop_customer_push_subscription s
     where s.customer_id = new.customer_id and s.endpoint <> new.endpoint;
    if devices >= 10 then
      perform private.form_rule_violation('webshop_customer_push_subscription', 'webshop_customer_push_subscription_device_limit',
        'At most 10 devices get reminders: turn one off first.');
    end if;
  end if;
  return new;
end
$$;
revoke all on function private.push_subscription_rules() from public;

drop trigger if exists webshop_customer_push_subscription_rules on public.webshop_customer_push_subscription;
create trigger webshop_customer_push_subscription_rules
  before insert or update of endpoint, customer_id on public.webshop_customer_push_subscription
  for each row execute function private.push_subscription_rules();

-- 6. -------------------------------------------------------------------------------------------
revoke insert, update on table public.webshop_customer_push_subscription from authenticated;
grant insert (customer_id, endpoint, p256dh, auth, device_label, show_names) on table public.webshop_customer_push_subscription to authenticated;
grant update (customer_id, endpoint, p256dh, auth, device_label, show_names) on table public.webshop_customer_push_subscription to authenticated;
