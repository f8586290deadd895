-- Issue 41 item 3: the helper sees whom they help. caregiver_grants.patient_name is the patient's
-- name as their profile had it when the helper accepted (as helper_name is the helper's for the
-- patient), set by the server on acceptance; the grants a helper accepted before get it now.
-- The helper's list names the person, and when the patient ended the help, says so with the name.

alter table public.caregiver_grants
  add column patient_name text check (patient_name is null or char_length(patient_name) <= 201);
grant select (patient_name) on table public.caregiver_grants to authenticated;

create or replace function private.caregiver_patient_name()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.accepted_at is not null and old.accepted_at is null then
    select nullif(btrim(concat_ws(' ', c.first_name, c.last_name)), '') into new.patient_name
      from public.webshop_customers c where c.id = new.patient_id;
  end if;
  return new;
end
$$;

create trigger caregiver_grants_patient_name
  before update of accepted_at on public.caregiver_grants
  for each row execute function private.caregiver_patient_name();

update public.caregiver_grants g
   set patient_name = nullif(btrim(concat_ws(' ', c.first_name, c.last_name)), '')
  from public.webshop_customers c
 where c.id = g.patient_id and g.accepted_at is not null and g.patient_name is null;
