-- E-prescriptions (issue 27): a patient scans the QR code of a Swiss e-prescription (a HIN link
-- https://eprescription.hin.ch/#CHMED16A1…&i=…&t=…&s=…, or a bare CHMED code) and sends it to the
-- pharmacy — a fourth way to send a prescription beside post, e-mail from the doctor and a partner.
--
-- 1. The send method 'eprescription' (spec §4): choosing it needs no further field.
-- 2. public.webshop_customer_eprescription: one row per prescription the patient sent, keyed by
--    (customer_id, rx_id) — the prescription's own Id (CHMED16A `Id`) — so the same prescription
--    is stored once per patient: a second insert of it answers 409 (23505), whichever device
--    sends it. `raw` is the scanned text exactly as given: the pharmacist verifies its signature
--    (HIN's verify call) and reads the prescription from it; nobody changes a sent row (no update,
--    no delete for patients). `summary` is what the patient was shown (doctor, date, medicaments),
--    for their own list. `sent_at` is when the server received it. `entry_id` is the outbox
--    entry that wrote it: a retried insert whose first attempt landed without an answer finds
--    its own row by it (src/data/outbox/send.ts).
-- 3. Rules on insert: the profile must be complete (spec §4: before prescriptions are submitted;
--    the same PT409 setup_incomplete as the order); the row then counts as announced — the
--    latest additional info becomes unhandled (spec §4 Awaiting: send method set, handled
--    false) until the pharmacy enters the prescription and sets handled, as for the other ways.
-- 4. RLS: own rows, aal2 where a second factor is enrolled (check_mfa()); realtime like the
--    other synced tables.

-- 1. --------------------------------------------------------------------------------------------
alter table public.webshop_customer_additional_info
  drop constraint webshop_customer_additional_info_prescription_send_method_check;
alter table public.webshop_customer_additional_info
  add constraint webshop_customer_additional_info_prescription_send_method_check
  check (prescription_send_method in ('post', 'email', 'espace', 'eprescription'));

-- 2. --------------------------------------------------------------------------------------------
create table public.webshop_customer_eprescription (
  customer_id uuid not null default auth.uid() references public.webshop_customers (id) on delete cascade,
  -- CHMED16A Id (a UUID by the specification; other codes write other text)
  rx_id text not null check (char_length(rx_id) between 1 and 200),
  -- as scanned: at most what the app's reader accepts (2 × 64 KiB, src/domain/emediplan)
  raw text not null check (char_length(raw) between 1 and 131072),
  summary jsonb not null check (jsonb_typeof(summary) = 'object' and octet_length(summary::text) <= 65536),
  sent_at timestamptz not null default now(),
  entry_id uuid,
  primary key (customer_id, rx_id)
);
comment on table public.webshop_customer_eprescription is
  'E-prescriptions the patient sent (scanned QR code): raw = the code exactly as scanned (its signature is the pharmacy''s to verify), summary = what the patient was shown, sent_at = received. One row per prescription Id and patient.';

-- 3. --------------------------------------------------------------------------------------------
create or replace function private.webshop_customer_eprescription_before_insert() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  missing text[];
begin
  if current_user in ('authenticated', 'anon') then
    new.sent_at := now();
    -- another patient's row, or an aal1 session of a patient with a second factor: row level
    -- security refuses it next (42501), and the setup would read as empty through it
    if new.customer_id is distinct from auth.uid() or not public.check_mfa() then
      return new;
    end if;
    missing := public.setup_missing();
    if cardinality(missing) > 0 then
      raise exception using errcode = 'PT409', message = 'setup_incomplete',
        detail = 'The profile setup is not complete: missing ' || array_to_string(missing, ', ') || '.';
    end if;
  end if;
  return new;
end
$$;
create trigger webshop_customer_eprescription_before_insert
  before insert on public.webshop_customer_eprescription
  for each row execute function private.webshop_customer_eprescription_before_insert();

-- SECURITY DEFINER: `handled` is the pharmacy's (webshop_additional_info_guard keeps a patient's
-- write of it); here the server itself announces the prescription.
create or replace function private.webshop_customer_eprescription_announce() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.webshop_customer_additional_info ai
     set handled = false
   where ai.id = (select l.id from public.webshop_customer_additional_info l
                   where l.customer_id = new.customer_id order by l.id desc limit 1)
     and ai.handled;
  return null;
end
$$;
create trigger webshop_customer_eprescription_announce
  after insert on public.webshop_customer_eprescription
  for each row execute function private.webshop_customer_eprescription_announce();

revoke all on function private.webshop_customer_eprescription_before_insert(), private.webshop_customer_eprescription_announce() from public;

-- 4. --------------------------------------------------------------------------------------------
alter table public.webshop_customer_eprescription enable row level security;
revoke all on table public.webshop_customer_eprescription from public, anon, authenticated;
grant select, insert on table public.webshop_customer_eprescription to authenticated;
grant all on table public.webshop_customer_eprescription to service_role;
create policy "own rows: select" on public.webshop_customer_eprescription
  for select to authenticated using (customer_id = auth.uid() and public.check_mfa());
create policy "own rows: insert" on public.webshop_customer_eprescription
  for insert to authenticated with check (customer_id = auth.uid() and public.check_mfa());

alter table public.webshop_customer_eprescription replica identity full;
alter publication supabase_realtime add table public.webshop_customer_eprescription;
