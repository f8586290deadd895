-- A helper announces a prescription for the patient (issue 41: the right 'send'), and the mail's
-- limit and once-only keys stay the patient's.
--
-- reserve_function_call keyed every reservation on its caller: a helper's announcement would have
-- counted toward the helper's own hourly limit, and the once-only key of an e-prescription (its
-- Id's hash) would have let the patient and each helper announce the same prescription once each.
-- reserve_function_call_for(p_customer_id, …) reserves under the patient, for the patient or a
-- helper who may send for them (can_act_for(…, 'send'): accepted, unrevoked, aal2 where the
-- patient has a second factor), and records who made the call (caller_id). The patient's calls
-- and their helpers' then share one lock, one limit and one set of keys. complete_function_call
-- completes a reservation for the caller who made it, with its secret, as before.
alter table private.function_calls add column if not exists caller_id uuid;
comment on column private.function_calls.caller_id is
  'Who made the call: the patient (user_id) or a helper acting for them; null for calls made before helpers could.';

create or replace function public.reserve_function_call_for(p_customer_id uuid, p_fn text, p_key uuid, p_max integer, p_window_seconds integer)
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
  call_id bigint;
  secret text := gen_random_uuid()::text || gen_random_uuid()::text;
  abandoned constant interval := interval '60 seconds';
begin
  if uid is null then
    raise exception using errcode = 'PT401', message = 'not_authenticated';
  end if;
  if p_customer_id is null or (p_customer_id <> uid and not public.can_act_for(p_customer_id, 'send')) then
    raise exception using errcode = 'PT403', message = 'not_caller',
      detail = 'Only the patient or a helper with the right to send prescriptions calls for this patient.';
  end if;
  -- one patient and function at a time (the patient's own calls and every helper's): the count
  -- and the reservation cannot interleave
  perform pg_advisory_xact_lock(hashtextextended('function_call:' || p_customer_id::text || ':' || p_fn, 0));
  if p_key is not null then
    select c.id, c.state, c.created_at into found_call
      from private.function_calls c where c.user_id = p_customer_id and c.fn = p_fn and c.idempotency_key = p_key;
    if found then
      if found_call.state = 'sent' then return jsonb_build_object('status', 'replay'); end if;
      if found_call.state = 'reserved' and found_call.created_at > now() - abandoned then return jsonb_build_object('status', 'in_flight'); end if;
      -- released, or abandoned by a call that died: this call takes it over (a new secret)
      update private.function_calls
         set state = 'reserved', created_at = now(), caller_id = uid, secret_sha256 = sha256(convert_to(secret, 'UTF8'))
       where id = found_call.id;
      return jsonb_build_object('status', 'new', 'id', found_call.id, 'secret', secret);
    end if;
  end if;
  select count(*) into used from private.function_calls c
   where c.user_id = p_customer_id and c.fn = p_fn and c.created_at > now() - make_interval(secs => p_window_seconds);
  if used >= p_max then return jsonb_build_object('status', 'limited'); end if;
  insert into private.function_calls (user_id, caller_id, fn, idempotency_key, state, secret_sha256)
  values (p_customer_id, uid, p_fn, p_key, 'reserved', sha256(convert_to(secret, 'UTF8'))) returning id into call_id;
  return jsonb_build_object('status', 'new', 'id', call_id, 'secret', secret);
end;
$$;

revoke all on function public.reserve_function_call_for(uuid, text, uuid, integer, integer) from public, anon;
grant execute on function public.reserve_function_call_for(uuid, text, uuid, integer, integer) to authenticated;
comment on function public.reserve_function_call_for(uuid, text, uuid, integer, integer) is
  'reserve_function_call for a patient, called by the patient or a helper with the right send (else PT403 not_caller): the limit and the keys are the patient''s; the caller completes it with the secret.';

-- the caller's own calls (the other mailing functions): one implementation of the reservation
create or replace function public.reserve_function_call(p_fn text, p_key uuid, p_max integer, p_window_seconds integer)
returns jsonb
language sql
volatile
security definer
set search_path = ''
as $$
  select public.reserve_function_call_for(auth.uid(), p_fn, p_key, p_max, p_window_seconds)
$$;

-- the caller who made the reservation completes it (a reservation made before caller_id: its patient)
create or replace function public.complete_function_call(p_id bigint, p_secret text, p_sent boolean)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if auth.uid() is null then
    raise exception using errcode = 'PT401', message = 'not_authenticated';
  end if;
  update private.function_calls
     set state = case when p_sent then 'sent' else 'released' end, secret_sha256 = null
   where id = p_id and coalesce(caller_id, user_id) = auth.uid() and state = 'reserved'
     and secret_sha256 = sha256(convert_to(coalesce(p_secret, ''), 'UTF8'));
  return found;
end;
$$;
