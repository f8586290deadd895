-- Calls of the server functions that send mail (prescriptionLocationMail), per patient:
-- - once per idempotency key: the app sends its outbox entry id; a replay after a lost answer
--   finds its key and mails nothing again;
-- - at most FUNCTION_MAIL_LIMIT (10) per patient and hour: more answers 429, like GoTrue's
--   over_email_send_rate_limit, and nothing is mailed.
-- The records live in schema private (no API access); two functions for the caller:
--   function_call_status(fn, key, max, window_s) -> 'new' | 'replay' | 'limited'
--   record_function_call(fn, key)                 after the mail went out
create schema if not exists private;
revoke all on schema private from public;

create table if not exists private.function_calls (
  id bigint generated always as identity primary key,
  user_id uuid not null,
  fn text not null,
  idempotency_key uuid,
  created_at timestamptz not null default now()
);
create unique index if not exists function_calls_key_idx on private.function_calls (user_id, fn, idempotency_key) where idempotency_key is not null;
create index if not exists function_calls_window_idx on private.function_calls (user_id, fn, created_at desc);
alter table private.function_calls enable row level security;

create or replace function public.function_call_status(p_fn text, p_key uuid, p_max integer, p_window_seconds integer)
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  uid uuid := auth.uid();
begin
  if uid is null then
    raise exception using errcode = 'PT401', message = 'not_authenticated';
  end if;
  if p_key is not null and exists (select 1 from private.function_calls c where c.user_id = uid and c.fn = p_fn and c.idempotency_key = p_key) then
    return 'replay';
  end if;
  if (select count(*) from private.function_calls c where c.user_id = uid and c.fn = p_fn and c.created_at > now() - make_interval(secs => p_window_seconds)) >= p_max then
    return 'limited';
  end if;
  return 'new';
end;
$$;

create or replace function public.record_function_call(p_fn text, p_key uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  uid uuid := auth.uid();
begin
  if uid is null then
    raise exception using errcode = 'PT401', message = 'not_authenticated';
  end if;
  insert into private.function_calls (user_id, fn, idempotency_key) values (uid, p_fn, p_key)
  on conflict (user_id, fn, idempotency_key) where idempotency_key is not null do nothing;
end;
$$;

revoke all on function public.function_call_status(text, uuid, integer, integer) from public, anon;
revoke all on function public.record_function_call(text, uuid) from public, anon;
grant execute on function public.function_call_status(text, uuid, integer, integer) to authenticated;
grant execute on function public.record_function_call(text, uuid) to authenticated;

comment on function public.function_call_status(text, uuid, integer, integer) is
  'For the server functions that mail: replay (the idempotency key was seen), limited (too many calls in the window) or new; the caller is auth.uid().';
