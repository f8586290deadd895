-- The mail limit and the once-only guards cannot be lifted by the patient (issue 37 item 4).
--
-- complete_function_call(p_id, p_sent) was callable by patients (the mailing function calls it
-- with the patient's own token) and deleted a reservation still 'reserved': racing it against
-- prescriptionLocationMail sent 14 desk mails in an hour (limit 10), and a deleted reservation
-- let its Idempotency-Key, and an e-prescription's "announced once" key, mail again.
-- Now:
-- - reserve_function_call hands out, with each reservation, a secret that only its caller sees
--   (the function: the patient never sees what the function's calls answer); the table keeps its
--   SHA-256. complete_function_call(p_id, p_secret, p_sent) completes only a reservation still
--   held, and only with its secret; the two-argument version is gone.
-- - A reservation given back (p_sent false: the mail did not go out) is kept as 'released': it
--   still counts toward the limit of its hour, and a retry with its key takes it again (one row
--   per key, counted once) instead of making another.
alter table private.function_calls add column if not exists secret_sha256 bytea;
alter table private.function_calls drop constraint if exists function_calls_state_check;
alter table private.function_calls add constraint function_calls_state_check check (state in ('reserved', 'sent', 'released'));

drop function if exists public.complete_function_call(bigint, boolean);

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
  call_id bigint;
  secret text := gen_random_uuid()::text || gen_random_uuid()::text;
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
      if found_call.state = 'reserved' and found_call.created_at > now() - abandoned then return jsonb_build_object('status', 'in_flight'); end if;
      -- released, or abandoned by a call that died: this call takes it over (a new secret)
      update private.function_calls
         set state = 'reserved', created_at = now(), secret_sha256 = sha256(convert_to(secret, 'UTF8'))
       where id = found_call.id;
      return jsonb_build_object('status', 'new', 'id', found_call.id, 'secret', secret);
    end if;
  end if;
  select count(*) into used from private.function_calls c
   where c.user_id = uid and c.fn = p_fn and c.created_at > now() - make_interval(secs => p_window_seconds);
  if used >= p_max then return jsonb_build_object('status', 'limited'); end if;
  insert into private.function_calls (user_id, fn, idempotency_key, state, secret_sha256)
  values (uid, p_fn, p_key, 'reserved', sha256(convert_to(secret, 'UTF8'))) returning id into call_id;
  return jsonb_build_object('status', 'new', 'id', call_id, 'secret', secret);
end;
$$;

-- sent: the reservation is the record of the mail; not sent: released, still counted, and its key
-- may try again. True when the reservation was held with this secret.
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
   where id = p_id and user_id = auth.uid() and state = 'reserved'
     and secret_sha256 = sha256(convert_to(coalesce(p_secret, ''), 'UTF8'));
  return found;
end;
$$;

revoke all on function public.complete_function_call(bigint, text, boolean) from public, anon;
grant execute on function public.complete_function_call(bigint, text, boolean) to authenticated;
comment on function public.reserve_function_call(text, uuid, integer, integer) is
  'For the server functions that mail: {status: new, id, secret} (reserved: send, then complete_function_call with the secret), replay (the key''s mail went out), in_flight (the key''s first call is still sending) or limited (p_max calls in the window, released ones included); the caller is auth.uid().';
