-- An order replayed with its idempotency key but another body (other medications, address,
-- comment or settings) is refused instead of answering the first order's id: the RPC records a
-- hash of the normalised body with each order and compares it on replay.
--   PT409 idempotency_key_reused   the key belongs to an order of the caller with other contents
-- The same body (also spelled differently: 2 or 2.0, surrounding spaces) still returns the
-- first id. Orders placed before this migration have no recorded body; their replay is not
-- compared. The hashes live in schema private, which the API roles cannot reach.
create schema if not exists private;
revoke all on schema private from public;

create table if not exists private.webshop_order_body (
  order_id bigint primary key references public.webshop_order(id) on delete cascade,
  -- sha256 (hex) of the normalised body, see webshop_order below
  body_hash text not null
);
alter table private.webshop_order_body enable row level security;

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
  missing text[] := '{}';
  bad_fields text[] := '{}';
  med record;
  code bigint;
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

  -- the body as the order will store it (trimmed text, flags false when null, amounts as numbers),
  -- so that a replay differing only in spelling (2 vs 2.0, spaces) is the same order
  request_hash := encode(sha256(convert_to(jsonb_build_array(
    case when jsonb_typeof(p_medications) = 'object' then (
      select coalesce(jsonb_object_agg(e.key,
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

  -- setup complete (spec §4 Profile setup: profile, address, insurance, questionnaire, send method)
  if not exists (select 1 from public.webshop_customers c where c.id = uid and c.first_name is not null) then
    missing := missing || 'profile'::text;
  end if;
  if not exists (select 1 from public.webshop_customer_address a where a.customer_id = uid) then
    missing := missing || 'address'::text;
  end if;
  if not exists (select 1 from public.webshop_customer_insurance i where i.customer_id = uid) then
    missing := missing || 'insurance'::text;
  end if;
  if not exists (select 1 from public.webshop_customer_questionnaire q where q.customer_id = uid) then
    missing := missing || 'questionnaire'::text;
  end if;
  if not exists (
    select 1 from public.webshop_customer_additional_info ai
     where ai.customer_id = uid and ai.prescription_send_method is not null
  ) then
    missing := missing || 'send_method'::text;
  end if;
  if cardinality(missing) > 0 then
    raise exception using errcode = 'PT409', message = 'setup_incomplete',
      detail = 'The profile setup is not complete: missing ' || array_to_string(missing, ', ') || '.',
      hint = array_to_string(missing, ',');
  end if;

  -- medications: shape
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
    if med.key !~ '^[0-9]{1,15}$'
       or jsonb_typeof(med.value) <> 'number'
       or (med.value::text)::numeric <> trunc((med.value::text)::numeric) then
      raise exception using errcode = 'PT400', message = 'invalid_medications',
        detail = format('Invalid entry %s: %s (expected pharmacode: integer amount).', med.key, med.value);
    end if;
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

  -- medications: prescriptions and amounts (spec §4 Prescriptions, §5 Amount selector)
  for med in select e.key, e.value from jsonb_each(p_medications) e order by e.key loop
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
    from jsonb_each(p_medications) e
   order by e.key::bigint;

  -- consume single-use prescriptions of medications that only have single-use ones active
  for med in select e.key from jsonb_each(p_medications) e loop
    code := med.key::bigint;
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
       limit 1
       for update;
      update public.webshop_customer_medication set used = true where id = rx_id;
    end if;
  end loop;

  return new_order_id;
end
$$;
comment on function public.webshop_order(uuid, jsonb, text, text, text, text, text, text, boolean, boolean, boolean, boolean, uuid) is
  'Places an order from active prescriptions (spec §7 webshopOrder). Returns the order id; idempotent by p_idempotency_key (a replay with another body: PT409 idempotency_key_reused). Errors: PT401 not_authenticated, PT403 not_caller|insufficient_aal, PT409 setup_incomplete|idempotency_key_conflict|idempotency_key_reused, PT400 invalid_medications, PT422 empty_order|address_incomplete|comment_too_long|not_prescribed|amount_out_of_range.';

revoke all on function public.webshop_order(uuid, jsonb, text, text, text, text, text, text, boolean, boolean, boolean, boolean, uuid) from public, anon;
grant execute on function public.webshop_order(uuid, jsonb, text, text, text, text, text, text, boolean, boolean, boolean, boolean, uuid) to authenticated, service_role;
