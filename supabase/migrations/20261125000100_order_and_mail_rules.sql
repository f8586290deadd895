-- The server holds the rules the forms hold, also under concurrency:
-- 1. public.setup_missing(): spec §4 "The profile must be complete before prescriptions can be
--    submitted or orders placed", field by field, as src/domain/setup-state.ts decides it (the
--    latest row of each list counts). The order RPC and prescriptionLocationMail answer
--    setup_incomplete with these names.
-- 2. public.webshop_order: pharmacodes normalised at the boundary (digits, leading zeros dropped,
--    at most 15 digits), one product named twice (01209458 and 1209458) is PT422
--    duplicate_product, and the amount rules apply per product. The caller's prescriptions of
--    the ordered products are locked before they are read, so of two orders racing for one
--    single-use prescription exactly one gets it (the other: not_prescribed).
-- 3. Calls of the mailing functions are reserved before the mail goes out: the reservation and
--    the count of the hourly limit happen under one lock per patient and function, so neither
--    concurrency nor a duplicate key can send more than the limit or a mail twice.

-- ---------------------------------------------------------------------------------------------
-- 1. Setup completeness
create or replace function public.setup_missing()
returns text[]
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  uid uuid := auth.uid();
  missing text[] := '{}';
  customer record;
  address record;
  insurance record;
  questionnaire record;
  info record;
  blank constant text := '^\s*$';
begin
  select c.first_name into customer from public.webshop_customers c where c.id = uid;
  if coalesce(customer.first_name, '') ~ blank then missing := missing || 'profile.first_name'::text; end if;

  select a.street, a.street_nr, a.zip, a.city, a.phone into address
    from public.webshop_customer_address a where a.customer_id = uid order by a.id desc limit 1;
  if coalesce(address.street, '') ~ blank then missing := missing || 'address.street'::text; end if;
  if coalesce(address.street_nr, '') ~ blank then missing := missing || 'address.street_nr'::text; end if;
  if coalesce(address.zip, '') ~ blank then missing := missing || 'address.zip'::text; end if;
  if coalesce(address.city, '') ~ blank then missing := missing || 'address.city'::text; end if;
  if coalesce(address.phone, '') ~ blank then missing := missing || 'address.phone'::text; end if;

  select i.insurance, i.veka_nr into insurance
    from public.webshop_customer_insurance i where i.customer_id = uid order by i.id desc limit 1;
  if coalesce(insurance.insurance, '') ~ blank then missing := missing || 'insurance.insurance'::text; end if;
  if coalesce(insurance.veka_nr, '') ~ blank then missing := missing || 'insurance.veka_nr'::text; end if;

  select q.weight, q.size into questionnaire
    from public.webshop_customer_questionnaire q where q.customer_id = uid order by q.id desc limit 1;
  if questionnaire.weight is null then missing := missing || 'questionnaire.weight'::text; end if;
  if questionnaire.size is null then missing := missing || 'questionnaire.size'::text; end if;

  select ai.prescription_send_method into info
    from public.webshop_customer_additional_info ai where ai.customer_id = uid order by ai.id desc limit 1;
  if info.prescription_send_method is null then missing := missing || 'send_method'::text; end if;
  return missing;
end
$$;
comment on function public.setup_missing() is
  'What the caller''s profile setup still lacks (spec §4 Profile setup), as table.field names; empty when complete. The same rule as src/domain/setup-state.ts.';
revoke all on function public.setup_missing() from public, anon;
grant execute on function public.setup_missing() to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- 2. The order
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
  if p_customer_id is distinct from uid then
    raise exception using errcode = 'PT403', message = 'not_caller',
      detail = 'Orders can only be placed for the signed-in customer.';
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
      if existing.customer_id <> uid then
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
  missing := public.setup_missing();
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

  -- The caller's prescriptions of these products, locked before they are read: a second order
  -- for the same single-use prescription waits here until the first has committed, and then
  -- reads it as used (read committed: each statement below sees the committed state).
  perform 1 from public.webshop_customer_medication m
   where m.customer_id = uid and m.medication_id = any(codes)
   order by m.id
   for update;

  -- medications: prescriptions and amounts (spec §4 Prescriptions, §5 Amount selector)
  for med in select e.key, e.value from jsonb_each(meds) e order by e.key loop
    code := med.key::bigint;
    amount := (med.value::text)::numeric;  -- integral, checked above
    select bool_and(m.single_use) into single_use_only
      from public.webshop_customer_medication m
     where m.customer_id = uid
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
    street, street_nr, address2, zip, city, idempotency_key
  ) values (
    uid, 0, nullif(btrim(p_comment), ''),
    coalesce(p_generic, false), coalesce(p_substitute, false), coalesce(p_probon, false), coalesce(p_get_invoice, false),
    btrim(p_street), btrim(p_street_nr), nullif(btrim(p_address2), ''), btrim(p_zip), btrim(p_city), p_idempotency_key
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
       where m.customer_id = uid and m.medication_id = code
         and m.expires_at >= (now() at time zone 'Europe/Zurich')::date and not m.single_use
    ) then
      select m.id into rx_id
        from public.webshop_customer_medication m
       where m.customer_id = uid and m.medication_id = code
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
  'Places an order from active prescriptions (spec §7 webshopOrder). Returns the order id; idempotent by p_idempotency_key (a replay with another body: PT409 idempotency_key_reused). Errors: PT401 not_authenticated, PT403 not_caller|insufficient_aal, PT409 setup_incomplete (hint: the missing fields)|idempotency_key_conflict|idempotency_key_reused, PT400 invalid_medications, PT422 empty_order|duplicate_product|address_incomplete|address_too_long|comment_too_long|not_prescribed|amount_out_of_range.';

-- ---------------------------------------------------------------------------------------------
-- 3. Mails: reserve, send, complete
alter table private.function_calls add column if not exists state text not null default 'sent'
  check (state in ('reserved', 'sent'));

-- A reservation older than this whose call never completed (the function died between the
-- reservation and its end) may be taken over by a retry with the same key.
create or replace function public.reserve_function_call(p_fn text, p_key uuid, p_max integer, p_window_seconds integer)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  uid uuid := auth.uid();
  found_call record;
  used integer;
  new_id bigint;
  abandoned constant interval := interval '60 seconds';
begin
  if uid is null then
    raise exception using errcode = 'PT401', message = 'not_authenticated';
  end if;
  -- one caller and function at a time: the count and the reservation cannot interleave
  perform pg_advisory_xact_lock(hashtextextended('function_call:' || uid::text || ':' || p_fn, 0));
  if p_key is not null then
    select c.id, c.state, c.created_at into found_call
      from private.function_calls c where c.user_id = uid and c.fn = p_fn and c.idempotency_key = p_key;
    if found then
      if found_call.state = 'sent' then return jsonb_build_object('status', 'replay'); end if;
      if found_call.created_at > now() - abandoned then return jsonb_build_object('status', 'in_flight'); end if;
      update private.function_calls set created_at = now() where id = found_call.id;
      return jsonb_build_object('status', 'new', 'id', found_call.id);
    end if;
  end if;
  select count(*) into used from private.function_calls c
   where c.user_id = uid and c.fn = p_fn and c.created_at > now() - make_interval(secs => p_window_seconds);
  if used >= p_max then return jsonb_build_object('status', 'limited'); end if;
  insert into private.function_calls (user_id, fn, idempotency_key, state)
  values (uid, p_fn, p_key, 'reserved') returning id into new_id;
  return jsonb_build_object('status', 'new', 'id', new_id);
end;
$$;

-- sent: the reservation is the record of the mail; not sent: it goes, and the same key may try again
create or replace function public.complete_function_call(p_id bigint, p_sent boolean)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if auth.uid() is null then
    raise exception using errcode = 'PT401', message = 'not_authenticated';
  end if;
  if p_sent then
    update private.function_calls set state = 'sent' where id = p_id and user_id = auth.uid();
  else
    delete from private.function_calls where id = p_id and user_id = auth.uid() and state = 'reserved';
  end if;
end;
$$;

revoke all on function public.reserve_function_call(text, uuid, integer, integer) from public, anon;
revoke all on function public.complete_function_call(bigint, boolean) from public, anon;
grant execute on function public.reserve_function_call(text, uuid, integer, integer) to authenticated;
grant execute on function public.complete_function_call(bigint, boolean) to authenticated;
comment on function public.reserve_function_call(text, uuid, integer, integer) is
  'For the server functions that mail: {status: new, id} (reserved: send, then complete_function_call), replay (the key''s mail went out), in_flight (the key''s first call is still sending) or limited (p_max calls in the window); the caller is auth.uid().';

drop function if exists public.function_call_status(text, uuid, integer, integer);
drop function if exists public.record_function_call(text, uuid);
