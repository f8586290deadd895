-- A relative who helps (issue 41, decision 0052): a patient grants another account — a helper
-- with their own login, password and second factor — some rights over the patient's data.
--
-- 1. public.caregiver_grants: one row per invitation; it becomes a grant when a helper accepts it.
--    rights is a set of 'see' (the plan, supply, prescriptions, orders and the profile's lists),
--    'tick' (dose marks, plan settings), 'order' (the order RPC, cancelling, order defaults) and
--    'send' (prescriptions: the send method, e-prescriptions). Every right implies 'see'.
--    The invitation's code is shown once to the patient and stored as its SHA-256 only; it is
--    valid 24 hours and once (code_hash is cleared when used or withdrawn).
-- 2. public.can_act_for(customer, right): whether the caller holds an accepted, unrevoked grant of
--    that customer with that right — and an aal2 session when the customer has a verified second
--    factor. Every policy of the patient's tables reads `customer_id = auth.uid() or
--    can_act_for(customer_id, right)`; the restrictive "mfa required when enrolled" policies
--    stay, so a helper with a factor of their own needs aal2 as well. Revocation is a write of
--    revoked_at, which can_act_for reads on every statement: it takes effect at once.
-- 3. acted_by on every table a helper writes (dose marks, plan settings, orders, e-prescriptions,
--    order defaults, additional info): who wrote the row. A trigger sets it to auth.uid() for the
--    API roles whatever the client sent; the security definer functions set it themselves.
-- 4. RPCs: caregiver_invite, caregiver_accept, caregiver_revoke (the patient withdraws or
--    removes; the helper leaves). Rejections as the order RPC's: errcode PTxyz (HTTP xyz),
--    message = machine code, detail = text.
-- What a helper never reaches: the patient's auth.users row (login, e-mail, password), their
-- factors, their push devices (the endpoint and keys are the capability to push to the patient's
-- phone) and the patient's other grants. None of those is in a table the API roles can read.

-- 1. --------------------------------------------------------------------------------------------
create table public.caregiver_grants (
  id uuid primary key default gen_random_uuid(),
  patient_id uuid not null references public.webshop_customers (id) on delete cascade,
  helper_id uuid references auth.users (id) on delete cascade,
  -- how the patient sees the helper ("ordered by Anna"): given when accepting, else their profile's name
  helper_name text check (helper_name is null or char_length(helper_name) between 1 and 100),
  rights text[] not null check (cardinality(rights) between 1 and 4 and rights <@ array['see', 'tick', 'order', 'send']),
  -- an invitation by e-mail: only the account with this address may accept it
  invited_email text check (invited_email is null or (char_length(invited_email) <= 254 and invited_email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$')),
  code_hash text unique,
  code_expires_at timestamptz not null default now() + interval '24 hours',
  created_at timestamptz not null default now(),
  accepted_at timestamptz,
  revoked_at timestamptz,
  -- who ended it: the patient (removed) or the helper (left)
  revoked_by uuid,
  constraint caregiver_grants_accepted_helper check ((accepted_at is null) = (helper_id is null)),
  constraint caregiver_grants_not_oneself check (helper_id is distinct from patient_id)
);
comment on table public.caregiver_grants is
  'A patient''s invitation of a helper and, once accepted, the helper''s rights (see, tick, order, send); revoked_at ends it at once. Written only by the caregiver_* RPCs.';
-- one standing grant per patient and helper; can_act_for looks it up by this index
create unique index caregiver_grants_standing_idx on public.caregiver_grants (patient_id, helper_id)
  where helper_id is not null and revoked_at is null;
create index caregiver_grants_helper_idx on public.caregiver_grants (helper_id) where helper_id is not null;

alter table public.caregiver_grants enable row level security;
revoke all on table public.caregiver_grants from public, anon, authenticated;
grant all on table public.caregiver_grants to service_role;
-- read only, and never the code's hash
grant select (id, patient_id, helper_id, helper_name, rights, invited_email, code_expires_at, created_at, accepted_at, revoked_at, revoked_by)
  on table public.caregiver_grants to authenticated;
create policy "mfa required when enrolled" on public.caregiver_grants
  as restrictive for all to authenticated using ((select public.check_mfa())) with check ((select public.check_mfa()));
create policy "patient's grants and helper's accepted ones: select" on public.caregiver_grants
  for select to authenticated using (
    patient_id = (select auth.uid()) or (helper_id = (select auth.uid()) and accepted_at is not null)
  );

alter table public.caregiver_grants replica identity full;
alter publication supabase_realtime add table public.caregiver_grants;

-- 2. --------------------------------------------------------------------------------------------
create or replace function public.can_act_for(p_customer_id uuid, p_right text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select p_right in ('see', 'tick', 'order', 'send')
     and exists (
       select 1 from public.caregiver_grants g
        where g.patient_id = p_customer_id
          and g.helper_id = (select auth.uid())
          and g.accepted_at is not null
          and g.revoked_at is null
          and (p_right = 'see' or p_right = any (g.rights))
     )
     and (
       coalesce(auth.jwt() ->> 'aal', '') = 'aal2'
       or not exists (select 1 from auth.mfa_factors f where f.user_id = p_customer_id and f.status = 'verified')
     )
$$;
comment on function public.can_act_for(uuid, text) is
  'true when the caller helps this customer with this right (see, tick, order, send; every right implies see): an accepted, unrevoked grant, and aal2 when the customer has a verified second factor.';
revoke all on function public.can_act_for(uuid, text) from public, anon;
grant execute on function public.can_act_for(uuid, text) to authenticated, service_role;

-- The policies, table by table (the restrictive MFA policies of each table stay as they are).
drop policy "own customer: select" on public.webshop_customers;
create policy "own or helped customer: select" on public.webshop_customers
  for select to authenticated using (id = (select auth.uid()) or public.can_act_for(id, 'see'));

do $$
declare
  t text;
begin
  foreach t in array array[
    'webshop_customer_address', 'webshop_customer_insurance', 'webshop_customer_questionnaire',
    'webshop_customer_order_defaults', 'webshop_customer_additional_info'
  ] loop
    execute format('drop policy "own rows: select" on public.%I', t);
    execute format('create policy "own or helped rows: select" on public.%I for select to authenticated using (customer_id = (select auth.uid()) or public.can_act_for(customer_id, %L))', t, 'see');
  end loop;
end
$$;

-- order defaults go with ordering, the send method and the prescriber with sending prescriptions
drop policy "own rows: insert" on public.webshop_customer_order_defaults;
create policy "own rows or helper who orders: insert" on public.webshop_customer_order_defaults
  for insert to authenticated with check (customer_id = (select auth.uid()) or public.can_act_for(customer_id, 'order'));
drop policy "own rows: insert" on public.webshop_customer_additional_info;
create policy "own rows or helper who sends: insert" on public.webshop_customer_additional_info
  for insert to authenticated with check (customer_id = (select auth.uid()) or public.can_act_for(customer_id, 'send'));
drop policy "own rows: update" on public.webshop_customer_additional_info;
create policy "own rows or helper who sends: update" on public.webshop_customer_additional_info
  for update to authenticated
  using (customer_id = (select auth.uid()) or public.can_act_for(customer_id, 'send'))
  with check (customer_id = (select auth.uid()) or public.can_act_for(customer_id, 'send'));

drop policy "own prescriptions: select" on public.webshop_customer_medication;
create policy "own or helped prescriptions: select" on public.webshop_customer_medication
  for select to authenticated using (customer_id = (select auth.uid()) or public.can_act_for(customer_id, 'see'));

drop policy "own orders: select" on public.webshop_order;
create policy "own or helped orders: select" on public.webshop_order
  for select to authenticated using (customer_id = (select auth.uid()) or public.can_act_for(customer_id, 'see'));
drop policy "items of own orders: select" on public.webshop_order_item;
create policy "items of own or helped orders: select" on public.webshop_order_item
  for select to authenticated using (
    exists (
      select 1 from public.webshop_order o
       where o.id = order_id and (o.customer_id = (select auth.uid()) or public.can_act_for(o.customer_id, 'see'))
    )
  );

-- Dose marks: whether a mark of this customer's dose may be written (their prescription of this
-- product, a day from 7 days ago through today in Zurich); the caller's right is the policy's.
create or replace function public.dose_mark_writable(p_customer_id uuid, p_prescription_id bigint, p_pharmacode bigint, p_day date)
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
          and m.customer_id = p_customer_id
          and m.medication_id = p_pharmacode
     )
$$;
revoke all on function public.dose_mark_writable(uuid, bigint, bigint, date) from public, anon;
grant execute on function public.dose_mark_writable(uuid, bigint, bigint, date) to authenticated, service_role;

drop policy "own marks: select" on public.webshop_customer_dose_mark;
drop policy "own marks: insert" on public.webshop_customer_dose_mark;
drop policy "own marks: update" on public.webshop_customer_dose_mark;
drop function public.dose_mark_writable(bigint, bigint, date);
create policy "own or helped marks: select" on public.webshop_customer_dose_mark
  for select to authenticated using (customer_id = (select auth.uid()) or public.can_act_for(customer_id, 'see'));
create policy "own marks or helper who ticks: insert" on public.webshop_customer_dose_mark
  for insert to authenticated
  with check ((customer_id = (select auth.uid()) or public.can_act_for(customer_id, 'tick'))
              and public.dose_mark_writable(customer_id, prescription_id, pharmacode, day));
create policy "own marks or helper who ticks: update" on public.webshop_customer_dose_mark
  for update to authenticated
  using ((customer_id = (select auth.uid()) or public.can_act_for(customer_id, 'tick'))
         and public.dose_mark_writable(customer_id, prescription_id, pharmacode, day))
  with check ((customer_id = (select auth.uid()) or public.can_act_for(customer_id, 'tick'))
              and public.dose_mark_writable(customer_id, prescription_id, pharmacode, day));

drop policy "own plan settings" on public.patient_plan_settings;
create policy "own or helped plan settings: select" on public.patient_plan_settings for select to authenticated
  using ((customer_id = (select auth.uid()) or public.can_act_for(customer_id, 'see')) and public.check_mfa());
create policy "own plan settings or helper who ticks: insert" on public.patient_plan_settings for insert to authenticated
  with check ((customer_id = (select auth.uid()) or public.can_act_for(customer_id, 'tick')) and public.check_mfa());
create policy "own plan settings or helper who ticks: update" on public.patient_plan_settings for update to authenticated
  using ((customer_id = (select auth.uid()) or public.can_act_for(customer_id, 'tick')) and public.check_mfa())
  with check ((customer_id = (select auth.uid()) or public.can_act_for(customer_id, 'tick')) and public.check_mfa());

drop policy "own rows: select" on public.webshop_customer_eprescription;
create policy "own or helped rows: select" on public.webshop_customer_eprescription
  for select to authenticated using ((customer_id = (select auth.uid()) or public.can_act_for(customer_id, 'see')) and public.check_mfa());

-- webshop_customer_push_subscription keeps "own devices": a helper never sees the patient's.

-- 3. --------------------------------------------------------------------------------------------
create or replace function private.stamp_acted_by()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('authenticated', 'anon') then
    new.acted_by := auth.uid();
  end if;
  return new;
end
$$;
revoke all on function private.stamp_acted_by() from public, anon, authenticated;

do $$
declare
  t text;
begin
  foreach t in array array[
    'webshop_customer_dose_mark', 'patient_plan_settings', 'webshop_order',
    'webshop_customer_eprescription', 'webshop_customer_order_defaults', 'webshop_customer_additional_info'
  ] loop
    execute format('alter table public.%I add column acted_by uuid default auth.uid()', t);
    execute format('comment on column public.%I.acted_by is %L', t,
      'Who wrote the row: the patient, or a helper (caregiver_grants.helper_id); null when the pharmacy or the server did.');
    -- "a" first: BEFORE triggers run in name order, the dose marks' later-wins rule after it
    execute format('create trigger a_stamp_acted_by before insert or update on public.%I for each row execute function private.stamp_acted_by()', t);
  end loop;
end
$$;
-- the app sends stored rows back whole; the column is theirs to name, the trigger sets its value
grant insert (acted_by), update (acted_by) on table public.webshop_customer_dose_mark to authenticated;
grant insert (acted_by), update (acted_by) on table public.patient_plan_settings to authenticated;
grant insert (acted_by) on table public.webshop_customer_order_defaults to authenticated;
grant insert (acted_by), update (acted_by) on table public.webshop_customer_additional_info to authenticated;

-- The setup of a customer (spec §4), as the caller can read it: the patient's own, or a
-- helper's view of the patient's (every right implies see).
create or replace function public.setup_missing_for(p_customer_id uuid)
returns text[]
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  missing text[] := '{}';
  customer record;
  address record;
  insurance record;
  questionnaire record;
  info record;
  blank constant text := '^\s*$';
begin
  select c.first_name into customer from public.webshop_customers c where c.id = p_customer_id;
  if coalesce(customer.first_name, '') ~ blank then missing := missing || 'profile.first_name'::text; end if;

  select a.street, a.street_nr, a.zip, a.city, a.phone into address
    from public.webshop_customer_address a where a.customer_id = p_customer_id order by a.id desc limit 1;
  if coalesce(address.street, '') ~ blank then missing := missing || 'address.street'::text; end if;
  if coalesce(address.street_nr, '') ~ blank then missing := missing || 'address.street_nr'::text; end if;
  if coalesce(address.zip, '') ~ blank then missing := missing || 'address.zip'::text; end if;
  if coalesce(address.city, '') ~ blank then missing := missing || 'address.city'::text; end if;
  if coalesce(address.phone, '') ~ blank then missing := missing || 'address.phone'::text; end if;

  select i.insurance, i.veka_nr into insurance
    from public.webshop_customer_insurance i where i.customer_id = p_customer_id order by i.id desc limit 1;
  if coalesce(insurance.insurance, '') ~ blank then missing := missing || 'insurance.insurance'::text; end if;
  if coalesce(insurance.veka_nr, '') ~ blank then missing := missing || 'insurance.veka_nr'::text; end if;

  select q.weight, q.size into questionnaire
    from public.webshop_customer_questionnaire q where q.customer_id = p_customer_id order by q.id desc limit 1;
  if questionnaire.weight is null then missing := missing || 'questionnaire.weight'::text; end if;
  if questionnaire.size is null then missing := missing || 'questionnaire.size'::text; end if;

  select ai.prescription_send_method into info
    from public.webshop_customer_additional_info ai where ai.customer_id = p_customer_id order by ai.id desc limit 1;
  if info.prescription_send_method is null then missing := missing || 'send_method'::text; end if;
  return missing;
end
$$;
comment on function public.setup_missing_for(uuid) is
  'What this customer''s profile setup still lacks (spec §4), read as the caller (own rows, or a helper''s view); empty when complete.';
revoke all on function public.setup_missing_for(uuid) from public, anon;
grant execute on function public.setup_missing_for(uuid) to authenticated, service_role;

create or replace function public.setup_missing()
returns text[]
language sql
stable
security invoker
set search_path = ''
as $$
  select public.setup_missing_for(auth.uid())
$$;

-- The order RPC for the patient or a helper with the right to order (issue 41). The helper's
-- grant is locked (FOR SHARE) before anything is read: a revocation committed first is seen (the
-- lock waits for it and the row no longer qualifies), one that comes later waits for the order
-- to commit — an order is never placed under a grant revoked before it.
create or replace function public.webshop_order(
  p_customer_id uuid,
  p_medications jsonb,
  p_street text,
  p_street_nr text,
  p_address2 text,
  p_zip text,
  p_city text,
  p_comment text,
  p_generic boolean,
  p_substitute boolean,
  p_probon boolean,
  p_get_invoice boolean,
  p_idempotency_key uuid default null
) returns bigint
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  uid uuid := auth.uid();
  customer uuid := p_customer_id;
  existing record;
  missing text[];
  bad_fields text[] := '{}';
  med record;
  code bigint;
  codes bigint[] := '{}';
  meds jsonb := '{}'::jsonb;
  normalised text;
  amount numeric;
  max_amount integer;
  new_order_id bigint;
  single_use_only boolean;
  rx_id bigint;
  request_hash text;
begin
  if uid is null then
    raise exception using errcode = 'PT401', message = 'not_authenticated',
      detail = 'Sign in to place an order.';
  end if;
  if customer is distinct from uid then
    perform 1 from public.caregiver_grants g
     where g.patient_id = customer and g.helper_id = uid and g.accepted_at is not null and g.revoked_at is null
       for share;
    if not public.can_act_for(customer, 'order') then
      -- a grant to order that lacks only the aal2 the patient's second factor asks for
      if found and exists (select 1 from public.caregiver_grants g
                            where g.patient_id = customer and g.helper_id = uid and g.accepted_at is not null
                              and g.revoked_at is null and 'order' = any (g.rights)) then
        raise exception using errcode = 'PT403', message = 'insufficient_aal',
          detail = 'This patient protects their account with a second factor: confirm your sign-in with yours.';
      end if;
      raise exception using errcode = 'PT403', message = 'not_caller',
        detail = 'Orders can only be placed for the signed-in customer or a patient who lets you order.';
    end if;
  end if;
  if not public.check_mfa() then
    raise exception using errcode = 'PT403', message = 'insufficient_aal',
      detail = 'Confirm the sign-in with the authenticator code first.';
  end if;

  -- the body as the order will store it (pharmacodes without leading zeros, trimmed text, flags
  -- false when null, amounts as numbers), so that a replay differing only in spelling (2 vs 2.0,
  -- 01209458 vs 1209458, spaces) is the same order
  request_hash := encode(sha256(convert_to(jsonb_build_array(
    case when jsonb_typeof(p_medications) = 'object' then (
      select coalesce(jsonb_object_agg(
        case when e.key ~ '^[0-9]+$' then coalesce(nullif(ltrim(e.key, '0'), ''), '0') else e.key end,
        case when jsonb_typeof(e.value) = 'number' then to_jsonb((e.value::text)::float8) else e.value end), '{}'::jsonb)
        from jsonb_each(p_medications) e)
    else p_medications end,
    btrim(p_street), btrim(p_street_nr), nullif(btrim(p_address2), ''), btrim(p_zip), btrim(p_city),
    nullif(btrim(p_comment), ''),
    coalesce(p_generic, false), coalesce(p_substitute, false), coalesce(p_probon, false), coalesce(p_get_invoice, false)
  )::text, 'UTF8')), 'hex');

  -- replay
  if p_idempotency_key is not null then
    perform pg_advisory_xact_lock(hashtextextended('webshop_order:' || p_idempotency_key::text, 0));
    select o.id, o.customer_id, b.body_hash into existing
      from public.webshop_order o left join private.webshop_order_body b on b.order_id = o.id
     where o.idempotency_key = p_idempotency_key;
    if found then
      if existing.customer_id <> customer then
        raise exception using errcode = 'PT409', message = 'idempotency_key_conflict',
          detail = 'This idempotency key is already used.';
      end if;
      -- orders placed before bodies were recorded have no hash: their replay is not compared
      if existing.body_hash is not null and existing.body_hash <> request_hash then
        raise exception using errcode = 'PT409', message = 'idempotency_key_reused',
          detail = 'This idempotency key was used for an order with other contents.';
      end if;
      return existing.id;
    end if;
  end if;

  -- setup complete (spec §4 Profile setup), field by field
  missing := public.setup_missing_for(customer);
  if cardinality(missing) > 0 then
    raise exception using errcode = 'PT409', message = 'setup_incomplete',
      detail = 'The profile setup is not complete: missing ' || array_to_string(missing, ', ') || '.',
      hint = array_to_string(missing, ',');
  end if;

  -- medications: shape, then one entry per product (pharmacodes normalised)
  if p_medications is null or p_medications = 'null'::jsonb then
    raise exception using errcode = 'PT422', message = 'empty_order',
      detail = 'Select at least one medication.';
  end if;
  if jsonb_typeof(p_medications) <> 'object' then
    raise exception using errcode = 'PT400', message = 'invalid_medications',
      detail = 'p_medications must be an object of pharmacode to amount.';
  end if;
  if p_medications = '{}'::jsonb then
    raise exception using errcode = 'PT422', message = 'empty_order',
      detail = 'Select at least one medication.';
  end if;
  for med in select e.key, e.value from jsonb_each(p_medications) e loop
    normalised := ltrim(med.key, '0');
    if med.key !~ '^[0-9]{1,15}$'
       or normalised = ''
       or jsonb_typeof(med.value) <> 'number'
       or (med.value::text)::numeric <> trunc((med.value::text)::numeric) then
      raise exception using errcode = 'PT400', message = 'invalid_medications',
        detail = format('Invalid entry %s: %s (expected pharmacode: integer amount).', med.key, med.value);
    end if;
    if meds ? normalised then
      raise exception using errcode = 'PT422', message = 'duplicate_product',
        detail = format('Medication %s is named more than once.', normalised),
        hint = normalised;
    end if;
    meds := meds || jsonb_build_object(normalised, med.value);
    codes := codes || normalised::bigint;
  end loop;

  -- address and comment
  if coalesce(btrim(p_street), '') = '' then bad_fields := bad_fields || 'street'::text; end if;
  if coalesce(btrim(p_street_nr), '') = '' then bad_fields := bad_fields || 'street_nr'::text; end if;
  if coalesce(btrim(p_zip), '') !~ '^[0-9]{4}$' then bad_fields := bad_fields || 'zip'::text; end if;
  if coalesce(btrim(p_city), '') = '' then bad_fields := bad_fields || 'city'::text; end if;
  if cardinality(bad_fields) > 0 then
    raise exception using errcode = 'PT422', message = 'address_incomplete',
      detail = 'The delivery address is incomplete: ' || array_to_string(bad_fields, ', ') || '.',
      hint = array_to_string(bad_fields, ',');
  end if;
  if char_length(coalesce(p_comment, '')) > 2000 then
    raise exception using errcode = 'PT422', message = 'comment_too_long',
      detail = 'The comment may have at most 2000 characters.';
  end if;
  if char_length(coalesce(p_street, '')) > 200 or char_length(coalesce(p_street_nr, '')) > 20
     or char_length(coalesce(p_address2, '')) > 200 or char_length(coalesce(p_city, '')) > 100 then
    raise exception using errcode = 'PT422', message = 'address_too_long',
      detail = 'An address field is longer than the address form allows.';
  end if;

  -- The customer's prescriptions of these products, locked before they are read: a second order
  -- for the same single-use prescription waits here until the first has committed, and then
  -- reads it as used (read committed: each statement below sees the committed state).
  perform 1 from public.webshop_customer_medication m
   where m.customer_id = customer and m.medication_id = any(codes)
   order by m.id
   for update;

  -- medications: prescriptions and amounts (spec §4 Prescriptions, §5 Amount selector)
  for med in select e.key, e.value from jsonb_each(meds) e order by e.key loop
    code := med.key::bigint;
    amount := (med.value::text)::numeric;  -- integral, checked above
    select bool_and(m.single_use) into single_use_only
      from public.webshop_customer_medication m
     where m.customer_id = customer
       and m.medication_id = code
       and m.expires_at >= (now() at time zone 'Europe/Zurich')::date
       and not (m.single_use and m.used);
    if single_use_only is null then
      raise exception using errcode = 'PT422', message = 'not_prescribed',
        detail = format('Medication %s has no active prescription.', code),
        hint = code::text;
    end if;
    max_amount := case when single_use_only then 1 else 99 end;
    if amount < 1 or amount > max_amount then
      raise exception using errcode = 'PT422', message = 'amount_out_of_range',
        detail = format('Amount %s of medication %s is not between 1 and %s.', amount, code, max_amount),
        hint = code::text;
    end if;
  end loop;

  insert into public.webshop_order (
    customer_id, status, comment, generic, substitute, probon, get_invoice,
    street, street_nr, address2, zip, city, idempotency_key, acted_by
  ) values (
    customer, 0, nullif(btrim(p_comment), ''),
    coalesce(p_generic, false), coalesce(p_substitute, false), coalesce(p_probon, false), coalesce(p_get_invoice, false),
    btrim(p_street), btrim(p_street_nr), nullif(btrim(p_address2), ''), btrim(p_zip), btrim(p_city), p_idempotency_key, uid
  ) returning id into new_order_id;
  insert into private.webshop_order_body (order_id, body_hash) values (new_order_id, request_hash);

  insert into public.webshop_order_item (order_id, pharmacode, amount)
  select new_order_id, e.key::bigint, (e.value::text)::numeric::smallint
    from jsonb_each(meds) e
   order by e.key::bigint;

  -- consume single-use prescriptions of medications that only have single-use ones active
  foreach code in array codes loop
    if not exists (
      select 1 from public.webshop_customer_medication m
       where m.customer_id = customer and m.medication_id = code
         and m.expires_at >= (now() at time zone 'Europe/Zurich')::date and not m.single_use
    ) then
      select m.id into rx_id
        from public.webshop_customer_medication m
       where m.customer_id = customer and m.medication_id = code
         and m.expires_at >= (now() at time zone 'Europe/Zurich')::date and m.single_use and not m.used
       order by m.expires_at, m.id
       limit 1;
      update public.webshop_customer_medication set used = true where id = rx_id;
    end if;
  end loop;

  return new_order_id;
end
$$;
comment on function public.webshop_order(uuid, jsonb, text, text, text, text, text, text, boolean, boolean, boolean, boolean, uuid) is
  'Places an order from active prescriptions (spec §7 webshopOrder) for the caller or a patient whose grant lets the caller order (acted_by = the caller). Returns the order id; idempotent by p_idempotency_key (a replay with another body: PT409 idempotency_key_reused). Errors: PT401 not_authenticated, PT403 not_caller|insufficient_aal, PT409 setup_incomplete (hint: the missing fields)|idempotency_key_conflict|idempotency_key_reused, PT400 invalid_medications, PT422 empty_order|duplicate_product|address_incomplete|address_too_long|comment_too_long|not_prescribed|amount_out_of_range.';

-- Cancelling is ordering's: the patient, or a helper with the right to order.
create or replace function public.cancel_order(p_order_id bigint)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  uid uuid := auth.uid();
  target record;
  statuses smallint[];
begin
  if uid is null then
    raise exception using errcode = 'PT401', message = 'not_authenticated',
      detail = 'Sign in to cancel an order.';
  end if;
  if not public.check_mfa() then
    raise exception using errcode = 'PT403', message = 'insufficient_aal',
      detail = 'Confirm the sign-in with the authenticator code first.';
  end if;

  select o.id, o.customer_id, o.parent into target
    from public.webshop_order o
   where o.id = p_order_id
     for update;
  if not found or target.parent is not null
     or (target.customer_id is distinct from uid and not public.can_act_for(target.customer_id, 'order')) then
    raise exception using errcode = 'PT404', message = 'order_not_found',
      detail = 'There is no such order of yours.';
  end if;

  with recursive tree as (
    select p_order_id as id
    union all
    select c.id from public.webshop_order c join tree t on c.parent = t.id
  ), locked as (
    select o.status from public.webshop_order o where o.id in (select id from tree) order by o.id for update
  )
  select array_agg(status) into statuses from locked;

  if statuses <@ array[99]::smallint[] then
    return; -- canceled already: the same answer as the first cancel
  end if;
  if not statuses <@ array[0]::smallint[] then
    raise exception using errcode = 'PT409', message = 'order_started',
      detail = 'The pharmacy has started this order; it can no longer be cancelled.';
  end if;

  with recursive tree as (
    select p_order_id as id
    union all
    select c.id from public.webshop_order c join tree t on c.parent = t.id
  )
  update public.webshop_order o set status = 99, acted_by = uid where o.id in (select id from tree);
end
$$;

-- E-prescriptions stored by the function ePrescription for the patient it names, with the caller
-- who sent it (the patient, or a helper it checked with can_act_for(patient, 'send')).
drop function public.eprescription_store(uuid, text, text, jsonb, uuid);
create or replace function public.eprescription_store(p_customer_id uuid, p_rx_id text, p_raw text, p_summary jsonb, p_entry_id uuid, p_acted_by uuid)
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
    raise exception using errcode = 'unique_violation', message = 'already_sent',
      detail = 'This prescription was sent already.', hint = stored.sent_at::text;
  end if;
  select count(*) into sent from public.webshop_customer_eprescription e
   where e.customer_id = p_customer_id and e.sent_at > now() - interval '24 hours';
  if sent >= daily_limit then
    raise exception using errcode = 'PT429', message = 'eprescription_limit',
      detail = format('At most %s e-prescriptions a day.', daily_limit);
  end if;
  insert into public.webshop_customer_eprescription as e (customer_id, rx_id, raw, summary, entry_id, acted_by)
  values (p_customer_id, p_rx_id, p_raw, p_summary, p_entry_id, p_acted_by)
  returning e.rx_id, e.sent_at into stored;
  return jsonb_build_object('rx_id', stored.rx_id, 'sent_at', stored.sent_at, 'replay', false);
end
$$;
revoke all on function public.eprescription_store(uuid, text, text, jsonb, uuid, uuid) from public, anon, authenticated;
grant execute on function public.eprescription_store(uuid, text, text, jsonb, uuid, uuid) to service_role;
comment on function public.eprescription_store(uuid, text, text, jsonb, uuid, uuid) is
  'Stores an e-prescription the ePrescription function read (the secret key''s only) for the patient, sent by p_acted_by: once per patient and key, at most 20 a day.';

-- 4. --------------------------------------------------------------------------------------------
-- The code as the helper types it: case, spaces and dashes ignored, O read as 0, I and L as 1
-- (Crockford's base 32, which the code is written in).
create or replace function private.caregiver_code_hash(p_code text)
returns text
language sql
immutable
set search_path = ''
as $$
  select encode(sha256(convert_to(translate(upper(regexp_replace(coalesce(p_code, ''), '[\s-]', '', 'g')), 'OIL', '011'), 'UTF8')), 'hex')
$$;
revoke all on function private.caregiver_code_hash(text) from public;

-- The caller of a caregiver RPC: signed in (PT401) with the second factor confirmed when they
-- have one (PT403 insufficient_aal).
create or replace function private.caregiver_caller()
returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if auth.uid() is null then
    raise exception using errcode = 'PT401', message = 'not_authenticated', detail = 'Sign in first.';
  end if;
  if not public.check_mfa() then
    raise exception using errcode = 'PT403', message = 'insufficient_aal',
      detail = 'Confirm the sign-in with the authenticator code first.';
  end if;
  return auth.uid();
end
$$;
revoke all on function private.caregiver_caller() from public;

-- The patient invites: the rights (a set of see, tick, order, send) and, optionally, the e-mail of
-- the only account that may accept. Returns {id, code, expires_at}; the code is never stored.
create or replace function public.caregiver_invite(p_rights text[], p_email text default null)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  uid constant uuid := private.caregiver_caller();
  alphabet constant text := '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  open_limit constant integer := 10;
  rights text[];
  email text := nullif(lower(btrim(p_email)), '');
  bytes bytea;
  code text := '';
  i integer;
  invitation record;
begin
  if p_rights is null or cardinality(p_rights) = 0 or not (p_rights <@ array['see', 'tick', 'order', 'send']) then
    raise exception using errcode = 'PT400', message = 'invalid_rights',
      detail = 'Rights are a non-empty set of see, tick, order, send.';
  end if;
  select array_agg(distinct r order by r) into rights from unnest(p_rights) r;
  if email is not null and (char_length(email) > 254 or email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$') then
    raise exception using errcode = 'PT400', message = 'invalid_email', detail = 'The e-mail address is not valid.';
  end if;
  if not exists (select 1 from public.webshop_customers c where c.id = uid) then
    raise exception using errcode = 'PT409', message = 'setup_incomplete',
      detail = 'Complete the profile before inviting a helper.', hint = 'profile.first_name';
  end if;
  perform pg_advisory_xact_lock(hashtextextended('caregiver_invite:' || uid::text, 0));
  if (select count(*) from public.caregiver_grants g
       where g.patient_id = uid and g.accepted_at is null and g.revoked_at is null and g.code_expires_at > now()) >= open_limit then
    raise exception using errcode = 'PT429', message = 'too_many_invitations',
      detail = format('At most %s open invitations; withdraw one first.', open_limit);
  end if;

  -- 16 symbols of 32 = 80 random bits, from the random bytes of two v4 uuids (not the version
  -- and variant bytes 6 and 8); 256 is a multiple of 32, so the symbols are uniform
  bytes := uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid());
  foreach i in array array[0, 1, 2, 3, 4, 5, 7, 9, 10, 11, 12, 13, 14, 15, 16, 17] loop
    code := code || substr(alphabet, get_byte(bytes, i) % 32 + 1, 1);
  end loop;
  code := substr(code, 1, 4) || '-' || substr(code, 5, 4) || '-' || substr(code, 9, 4) || '-' || substr(code, 13, 4);

  insert into public.caregiver_grants as g (patient_id, rights, invited_email, code_hash)
  values (uid, rights, email, private.caregiver_code_hash(code))
  returning g.id, g.code_expires_at into invitation;
  return jsonb_build_object('id', invitation.id, 'code', code, 'expires_at', invitation.code_expires_at);
end
$$;
comment on function public.caregiver_invite(text[], text) is
  'The patient invites a helper with these rights (see, tick, order, send); p_email: only that account may accept. Returns {id, code, expires_at} — the code once, valid 24 h. PT400 invalid_rights|invalid_email, PT401, PT403 insufficient_aal, PT409 setup_incomplete, PT429 too_many_invitations.';

-- The helper accepts with their own account; p_name: how the patient will see them (else their
-- profile's name). Returns {id, patient_id, rights}.
create or replace function public.caregiver_accept(p_code text, p_name text default null)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  uid constant uuid := private.caregiver_caller();
  invitation record;
  name text := nullif(btrim(p_name), '');
begin
  if translate(upper(regexp_replace(coalesce(p_code, ''), '[\s-]', '', 'g')), 'OIL', '011') !~ '^[0-9A-HJKMNP-TV-Z]{16}$' then
    raise exception using errcode = 'PT400', message = 'invalid_code', detail = 'The code has 16 letters and digits.';
  end if;
  select g.* into invitation from public.caregiver_grants g
   where g.code_hash = private.caregiver_code_hash(p_code)
     for update;
  if not found or invitation.accepted_at is not null or invitation.revoked_at is not null then
    raise exception using errcode = 'PT404', message = 'invitation_not_found',
      detail = 'There is no open invitation with this code.';
  end if;
  if invitation.code_expires_at <= now() then
    raise exception using errcode = 'PT410', message = 'invitation_expired',
      detail = 'The invitation has expired; ask for a new code.';
  end if;
  if invitation.patient_id = uid then
    raise exception using errcode = 'PT422', message = 'own_invitation',
      detail = 'You cannot accept your own invitation; sign in with the helper''s account.';
  end if;
  if invitation.invited_email is not null
     and invitation.invited_email is distinct from (select lower(u.email) from auth.users u where u.id = uid) then
    raise exception using errcode = 'PT403', message = 'wrong_account',
      detail = 'This invitation is for another e-mail address.';
  end if;
  if exists (select 1 from public.caregiver_grants g
              where g.patient_id = invitation.patient_id and g.helper_id = uid and g.revoked_at is null) then
    raise exception using errcode = 'PT409', message = 'already_helping',
      detail = 'You already help this person; they can change your rights by inviting you again after removing you.';
  end if;
  if name is null then
    select nullif(btrim(concat_ws(' ', c.first_name, c.last_name)), '') into name
      from public.webshop_customers c where c.id = uid;
  end if;
  if name is null then
    raise exception using errcode = 'PT422', message = 'name_required',
      detail = 'Give the name the patient will see.';
  end if;
  if char_length(name) > 100 then
    raise exception using errcode = 'PT422', message = 'name_too_long', detail = 'The name may have at most 100 characters.';
  end if;
  update public.caregiver_grants g
     set helper_id = uid, helper_name = name, accepted_at = now(), code_hash = null
   where g.id = invitation.id;
  return jsonb_build_object('id', invitation.id, 'patient_id', invitation.patient_id, 'rights', to_jsonb(invitation.rights));
end
$$;
comment on function public.caregiver_accept(text, text) is
  'The helper accepts an invitation by its code. Returns {id, patient_id, rights}. PT400 invalid_code, PT401, PT403 insufficient_aal|wrong_account, PT404 invitation_not_found (unknown, used or withdrawn), PT409 already_helping, PT410 invitation_expired, PT422 own_invitation|name_required|name_too_long.';

-- The patient withdraws an invitation or removes a helper; the helper leaves. At once: the next
-- statement of the helper no longer passes can_act_for. Ending an ended grant answers the same.
create or replace function public.caregiver_revoke(p_grant uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  uid constant uuid := private.caregiver_caller();
  target record;
begin
  select g.id, g.patient_id, g.helper_id, g.revoked_at into target
    from public.caregiver_grants g where g.id = p_grant for update;
  if not found or (target.patient_id <> uid and target.helper_id is distinct from uid) then
    raise exception using errcode = 'PT404', message = 'grant_not_found', detail = 'There is no such grant of yours.';
  end if;
  if target.revoked_at is null then
    update public.caregiver_grants g set revoked_at = now(), revoked_by = uid, code_hash = null where g.id = p_grant;
  end if;
end
$$;
comment on function public.caregiver_revoke(uuid) is
  'The patient withdraws an invitation or removes a helper, or the helper leaves; takes effect at once, idempotent. PT401, PT403 insufficient_aal, PT404 grant_not_found.';

revoke all on function public.caregiver_invite(text[], text) from public, anon;
revoke all on function public.caregiver_accept(text, text) from public, anon;
revoke all on function public.caregiver_revoke(uuid) from public, anon;
grant execute on function public.caregiver_invite(text[], text) to authenticated;
grant execute on function public.caregiver_accept(text, text) to authenticated;
grant execute on function public.caregiver_revoke(uuid) to authenticated;
