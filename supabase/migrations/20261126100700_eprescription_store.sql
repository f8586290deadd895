-- An e-prescription's Id is the code's Id (issue 37 item 7). The server never read `raw`: a patient
-- could store one prescription under any number of Ids, a plan (MedType 1) or any text as a
-- prescription, 150 rows in one request, and have each announced to the desk. From here on:
-- - patients no longer insert into webshop_customer_eprescription; the function ePrescription
--   (supabase/functions/_shared/eprescription.ts) reads the code itself — inflated at most 256 KiB,
--   refused when it is no prescription — keys it by the code's own Id (the hash of the code for a
--   placeholder or no Id, as the app does: _shared/chmed/prescription-code.ts) and stores it here,
--   with the secret key, for the caller it verified;
-- - eprescription_store: once per patient and key — the same outbox entry again (a lost answer)
--   is answered as stored, another one 23505 already_sent (409) —, at most 20 a patient in 24 hours
--   (PT429 eprescription_limit), counted under a lock per patient so requests in parallel cannot
--   pass it together. The function checks the setup (setup_missing) and the second factor
--   (check_mfa) with the caller's token first; the announcement stays the table's trigger.

revoke insert on table public.webshop_customer_eprescription from authenticated;
drop policy if exists "own rows: insert" on public.webshop_customer_eprescription;

create or replace function public.eprescription_store(p_customer_id uuid, p_rx_id text, p_raw text, p_summary jsonb, p_entry_id uuid)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  daily_limit constant integer := 20;
  stored record;
  sent integer;
begin
  perform pg_advisory_xact_lock(hashtextextended('eprescription:' || p_customer_id::text, 0));
  select e.rx_id, e.sent_at, e.entry_id into stored
    from public.webshop_customer_eprescription e where e.customer_id = p_customer_id and e.rx_id = p_rx_id;
  if found then
    if stored.entry_id is not distinct from p_entry_id and p_entry_id is not null then
      return jsonb_build_object('rx_id', stored.rx_id, 'sent_at', stored.sent_at, 'replay', true);
    end if;
    -- as the table's unique key answered the patient's insert before: 409, a conflict
    raise exception using errcode = 'unique_violation', message = 'already_sent',
      detail = 'This prescription was sent already.', hint = stored.sent_at::text;
  end if;
  select count(*) into sent from public.webshop_customer_eprescription e
   where e.customer_id = p_customer_id and e.sent_at > now() - interval '24 hours';
  if sent >= daily_limit then
    raise exception using errcode = 'PT429', message = 'eprescription_limit',
      detail = format('At most %s e-prescriptions a day.', daily_limit);
  end if;
  insert into public.webshop_customer_eprescription as e (customer_id, rx_id, raw, summary, entry_id)
  values (p_customer_id, p_rx_id, p_raw, p_summary, p_entry_id)
  returning e.rx_id, e.sent_at into stored;
  return jsonb_build_object('rx_id', stored.rx_id, 'sent_at', stored.sent_at, 'replay', false);
end
$$;
revoke all on function public.eprescription_store(uuid, text, text, jsonb, uuid) from public, anon, authenticated;
grant execute on function public.eprescription_store(uuid, text, text, jsonb, uuid) to service_role;
comment on function public.eprescription_store(uuid, text, text, jsonb, uuid) is
  'Stores an e-prescription the ePrescription function read (the secret key''s only): once per patient and key, at most 20 a day.';
