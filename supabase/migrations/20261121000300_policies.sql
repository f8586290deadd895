-- Authorisation (spec §6): row level security is the only authorisation. Grants are narrowed
-- first, so that a forbidden kind of request fails with 42501 (PostgREST: 401 for anon, 403 for
-- a signed-in user) instead of reaching the policies; policies then limit rows to the caller.
--
--   catalogue (pharmindex*)                 select: anon, authenticated      write: nobody
--   webshop_customers                       select/insert/update own row (id = auth.uid())
--   webshop_customer_address / insurance /
--     questionnaire                         select/insert/update own rows (customer_id = auth.uid())
--   webshop_customer_order_defaults         select/insert own rows (insert-only history)
--   webshop_customer_additional_info        select/insert/update/delete own rows
--   webshop_customer_medication             select own rows (prescriptions are read-only)
--   webshop_order, webshop_order_item       select own rows; written only by rpc webshop_order
--   service_role                            everything (BYPASSRLS)
-- Every customer table and the orders carry a RESTRICTIVE policy: a user with a verified TOTP
-- factor must present an aal2 session (public.check_mfa()).

-- ---------------------------------------------------------------------------------------------
-- MFA: Supabase's "enforce MFA for users who enrolled" pattern. SECURITY DEFINER because the API
-- roles cannot read auth.mfa_factors.
create or replace function public.check_mfa()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(auth.jwt() ->> 'aal', '') = 'aal2'
      or not exists (
        select 1 from auth.mfa_factors f
         where f.user_id = auth.uid() and f.status = 'verified'
      )
$$;
comment on function public.check_mfa() is 'true when the caller has no verified TOTP factor or the session is aal2.';
revoke all on function public.check_mfa() from public, anon;
grant execute on function public.check_mfa() to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Grants
do $$
declare
  t text;
begin
  foreach t in array array[
    'pharmindex', 'pharmindex_product', 'pharmindex_images', 'pharmindex_prices',
    'pharmindex_compendium', 'pharmindex_compendium_product', 'pharmindex_insurance'
  ] loop
    execute format('revoke all on table public.%I from public, anon, authenticated', t);
    execute format('grant select on table public.%I to anon, authenticated', t);
    execute format('grant all on table public.%I to service_role', t);
    execute format('alter table public.%I enable row level security', t);
    execute format('create policy "catalogue is public" on public.%I for select to anon, authenticated using (true)', t);
  end loop;

  foreach t in array array[
    'webshop_customers', 'webshop_customer_address', 'webshop_customer_insurance',
    'webshop_customer_questionnaire', 'webshop_customer_order_defaults',
    'webshop_customer_additional_info', 'webshop_customer_medication',
    'webshop_order', 'webshop_order_item'
  ] loop
    execute format('revoke all on table public.%I from public, anon, authenticated', t);
    execute format('grant all on table public.%I to service_role', t);
    execute format('alter table public.%I enable row level security', t);
    execute format(
      'create policy "mfa required when enrolled" on public.%I as restrictive for all to authenticated using ((select public.check_mfa())) with check ((select public.check_mfa()))', t);
  end loop;
end
$$;

grant select, insert, update on table public.webshop_customers to authenticated;
grant select, insert, update on table public.webshop_customer_address to authenticated;
grant select, insert, update on table public.webshop_customer_insurance to authenticated;
grant select, insert, update on table public.webshop_customer_questionnaire to authenticated;
grant select, insert on table public.webshop_customer_order_defaults to authenticated;
grant select, insert, update, delete on table public.webshop_customer_additional_info to authenticated;
grant select on table public.webshop_customer_medication to authenticated;
grant select on table public.webshop_order to authenticated;
grant select on table public.webshop_order_item to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Policies: own rows only
create policy "own customer: select" on public.webshop_customers
  for select to authenticated using (id = (select auth.uid()));
create policy "own customer: insert" on public.webshop_customers
  for insert to authenticated with check (id = (select auth.uid()));
create policy "own customer: update" on public.webshop_customers
  for update to authenticated using (id = (select auth.uid())) with check (id = (select auth.uid()));

do $$
declare
  t text;
begin
  foreach t in array array[
    'webshop_customer_address', 'webshop_customer_insurance', 'webshop_customer_questionnaire',
    'webshop_customer_order_defaults', 'webshop_customer_additional_info'
  ] loop
    execute format('create policy "own rows: select" on public.%I for select to authenticated using (customer_id = (select auth.uid()))', t);
    execute format('create policy "own rows: insert" on public.%I for insert to authenticated with check (customer_id = (select auth.uid()))', t);
  end loop;
  foreach t in array array[
    'webshop_customer_address', 'webshop_customer_insurance', 'webshop_customer_questionnaire',
    'webshop_customer_additional_info'
  ] loop
    execute format('create policy "own rows: update" on public.%I for update to authenticated using (customer_id = (select auth.uid())) with check (customer_id = (select auth.uid()))', t);
  end loop;
end
$$;

create policy "own rows: delete" on public.webshop_customer_additional_info
  for delete to authenticated using (customer_id = (select auth.uid()));

create policy "own prescriptions: select" on public.webshop_customer_medication
  for select to authenticated using (customer_id = (select auth.uid()));

create policy "own orders: select" on public.webshop_order
  for select to authenticated using (customer_id = (select auth.uid()));

create policy "items of own orders: select" on public.webshop_order_item
  for select to authenticated using (
    exists (select 1 from public.webshop_order o where o.id = order_id and o.customer_id = (select auth.uid()))
  );

-- ---------------------------------------------------------------------------------------------
-- Personal data is fixed once the profile exists (spec §3 Customer, §5 Base data): for the API
-- roles, a value of first_name, last_name, gender or birthday that is already set cannot be
-- changed (setting a missing one is allowed). Support (service_role, postgres) may change them.
create or replace function public.webshop_customers_lock_personal_data()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('authenticated', 'anon') and old.first_name is not null then
    if (old.first_name is not null and new.first_name is distinct from old.first_name)
       or (old.last_name is not null and new.last_name is distinct from old.last_name)
       or (old.gender is not null and new.gender is distinct from old.gender)
       or (old.birthday is not null and new.birthday is distinct from old.birthday) then
      raise exception using
        errcode = 'PT403',
        message = 'personal_data_locked',
        detail = 'First name, last name, gender and birthday can only be changed by support once the profile exists.';
    end if;
  end if;
  if current_user in ('authenticated', 'anon') then
    new.created_at := old.created_at;
  end if;
  return new;
end
$$;
create trigger webshop_customers_lock_personal_data
  before update on public.webshop_customers
  for each row execute function public.webshop_customers_lock_personal_data();

-- handled belongs to the pharmacy: a patient's insert starts unhandled; choosing another send
-- method announces a new prescription (unhandled again); other edits keep the pharmacy's value.
create or replace function public.webshop_additional_info_guard()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('authenticated', 'anon') then
    if tg_op = 'INSERT' then
      new.handled := false;
    elsif new.prescription_send_method is distinct from old.prescription_send_method then
      new.handled := false;
    else
      new.handled := old.handled;
    end if;
  end if;
  return new;
end
$$;
create trigger webshop_additional_info_guard
  before insert or update on public.webshop_customer_additional_info
  for each row execute function public.webshop_additional_info_guard();

revoke all on function public.webshop_customers_lock_personal_data() from public, anon, authenticated;
revoke all on function public.webshop_additional_info_guard() from public, anon, authenticated;

-- Functions that clients call: the public catalogue ones for everybody, the computed relationship
-- for signed-in users (RLS still applies, it runs as the caller).
revoke all on function public.search_medications(text, integer, boolean, integer) from public;
grant execute on function public.search_medications(text, integer, boolean, integer) to anon, authenticated, service_role;
revoke all on function public.generic_alternatives(bigint) from public;
grant execute on function public.generic_alternatives(bigint) to anon, authenticated, service_role;
revoke all on function public.children(public.webshop_order) from public, anon;
grant execute on function public.children(public.webshop_order) to authenticated, service_role;
