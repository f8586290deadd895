-- The rules of the forms (spec §5, §9; the app's schemas in src/domain/schemas/*.ts) on the
-- server too: the REST API takes whatever a patient sends with supabase-js or curl, so every
-- table a patient writes checks its rows itself.
--
-- How a rule is kept (names <table>_<column>_<rule>; src/domain/server-rules.ts maps each name
-- to its field and a machine code):
--   * a rule on the value of one column (format, length, range, closed list): a CHECK
--     constraint. A null passes it (presence is the other kind's).
--   * a rule on the presence of a value, or one that reads another column or table (required
--     fields, the send method's fields, the insurer, partner and article lists): the AFTER ROW trigger
--     <table>_rules, on the row as stored, for the columns the write sets or changes.
--   Why not CHECKs for presence: Postgres checks the proposed row of an upsert (INSERT ... ON
--   CONFLICT DO UPDATE) against the CHECKs before it knows the row exists, so a CHECK that a
--   column is present refuses `upsert({ id, street })` on a complete row, and a first-name
--   upsert on a locked profile would answer 400 instead of the personal-data lock's 403.
--   Every refusal is SQLSTATE 23514 (PostgREST: 400) with Postgres' check-violation message
--     new row for relation "<table>" violates check constraint "<name>"
--   which the triggers raise too (with `constraint = <name>`), so a client reads every rule
--   the same way. CHECKs run in the order of their names, then the trigger, which reports its
--   first broken rule in name order. Both come after row level security: a write to another
--   patient's rows still answers 42501.
--
-- What is checked on the stored value (after the normalising BEFORE triggers):
--   phone      all white space removed, a leading +41 or 0041 becomes 0 ('+41 79 123 45 67',
--              '0041 79 123 45 67', '079 123 45 67' -> '0791234567'); then 0 and nine digits
--   veka_nr    white space removed; then 20 digits starting 8075
--   additional_insurance_nr  white space removed; then digits only (may be empty)
--   "White space" is what JavaScript's \s and String.prototype.trim() remove, so a required
--   text of tabs or no-break spaces is empty here as it is in the form.
--
-- Writes of today's app that must (and do) pass: the forms write a list's first row whole and
-- later edits as an UPDATE of the changed columns of the latest row (field-level merge); the
-- send method goes through states (method chosen with its fields, send_asap answered later,
-- prescription_send_method null after a reset in the spec's flow), so its rules depend on the
-- method and send_asap is never required (null = not asked yet). Base data is written in one
-- upsert (first_name, last_name, gender, birthday); a customer row without a first name (no
-- profile yet) needs none of them.
--
-- Existing rows (a migration must not fail on data that was valid yesterday):
--   cleaned up here:  phone, veka_nr, additional_insurance_nr get the normalised spelling (the
--                     same number, written as the triggers store it from now on);
--   left as they are: everything else (a missing, malformed, unknown or too long value). It
--                     cannot be repaired without the patient (an invented phone, a cut-off
--                     medical note would be worse than the old value); the form asks the
--                     patient to correct it with the next save of that form.
--   CHECKs are added NOT VALID and validated at the end where the stored rows pass them; where
--   they do not, they stay NOT VALID and still hold for every new row and every update (an
--   edit of such a row must correct that value too). The triggers judge only what a write sets
--   or changes, so an old gap, or a list entry removed later (an insurer, a partner, an
--   article), never blocks an edit of another field.
--
-- User metadata (auth.users.raw_user_meta_data.language): hosted GoTrue answers 500 when a
-- trigger on auth.users raises, so nothing is refused there: a BEFORE trigger replaces a
-- language other than 'de'/'fr' by the user's previous one, or drops it (the app then falls
-- back to German); the rest of the metadata is stored as sent. Users from before keep what
-- they have; the app reads only 'de' and 'fr' (src/data/auth/auth-state.ts).

create schema if not exists private;
revoke all on schema private from public;

-- ---------------------------------------------------------------------------------------------
-- Text helpers. btrim/translate with a character list rather than regular expressions: linear
-- on a 1 MB string. Self-contained (only pg_catalog inside): form_filled is inlined into CHECKs
-- as the writing role, which may execute it but has no usage on schema private; the others
-- serve the SECURITY DEFINER triggers only.
create or replace function private.form_filled(value text) returns boolean
language sql immutable parallel safe
as $$
  select coalesce(btrim(value, E' \t\n\u000b\f\r\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff'), '') <> ''
$$;
comment on function private.form_filled(text) is 'Not null and not empty once the white space JavaScript''s trim() removes is removed.';

create or replace function private.form_length(value text) returns integer
language sql immutable parallel safe
as $$
  select char_length(btrim(value, E' \t\n\u000b\f\r\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff'))
$$;
comment on function private.form_length(text) is 'Characters after trimming as JavaScript''s trim() does; null for null.';

create or replace function private.form_strip(value text) returns text
language sql immutable parallel safe
as $$
  select translate(value, E' \t\n\u000b\f\r\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff', '')
$$;
comment on function private.form_strip(text) is 'The text without any white space (JavaScript''s \s), as the forms remove it from numbers.';

create or replace function private.form_phone(value text) returns text
language sql immutable parallel safe
as $$
  select case
           when s like '+41%' then '0' || substr(s, 4)
           when s like '0041%' then '0' || substr(s, 5)
           else s
         end
    from (select translate(value, E' \t\n\u000b\f\r\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff', '') as s) spelled
$$;
comment on function private.form_phone(text) is 'A Swiss phone number as stored: white space removed, +41 or 0041 written as 0.';

revoke all on function private.form_filled(text), private.form_length(text), private.form_strip(text), private.form_phone(text) from public;
grant execute on function private.form_filled(text) to anon, authenticated, service_role;

-- The raise of every trigger rule: the error Postgres gives for a CHECK.
create or replace function private.form_rule_violation(p_table text, p_constraint text, p_detail text) returns void
language plpgsql
set search_path = ''
as $$
begin
  raise exception using
    errcode = '23514',
    message = format('new row for relation "%s" violates check constraint "%s"', p_table, p_constraint),
    detail = p_detail,
    schema = 'public',
    table = p_table,
    constraint = p_constraint;
end
$$;
revoke all on function private.form_rule_violation(text, text, text) from public;

-- ---------------------------------------------------------------------------------------------
-- Existing rows: the normalised spelling (see above), before the triggers and constraints.
update public.webshop_customer_address
   set phone = private.form_phone(phone)
 where phone is distinct from private.form_phone(phone);
update public.webshop_customer_insurance
   set veka_nr = private.form_strip(veka_nr),
       additional_insurance_nr = private.form_strip(additional_insurance_nr)
 where veka_nr is distinct from private.form_strip(veka_nr)
    or additional_insurance_nr is distinct from private.form_strip(additional_insurance_nr);

-- ---------------------------------------------------------------------------------------------
-- Normalising BEFORE triggers: never raise (they run before row level security decides).
-- SECURITY DEFINER: the helpers live in schema private, which the API roles cannot use.
create or replace function private.webshop_customer_address_normalise() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.phone := private.form_phone(new.phone);
  return new;
end
$$;
create trigger webshop_customer_address_normalise
  before insert or update on public.webshop_customer_address
  for each row execute function private.webshop_customer_address_normalise();

create or replace function private.webshop_customer_insurance_normalise() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.veka_nr := private.form_strip(new.veka_nr);
  new.additional_insurance_nr := private.form_strip(new.additional_insurance_nr);
  return new;
end
$$;
create trigger webshop_customer_insurance_normalise
  before insert or update on public.webshop_customer_insurance
  for each row execute function private.webshop_customer_insurance_normalise();

-- ---------------------------------------------------------------------------------------------
-- webshop_customers (spec §5 Base data): first name, last name, birthday, gender required,
-- written together; a row without a first name is a patient without a profile yet.
-- Birthday: not in the future (today in Europe/Zurich, the pharmacy's day) and not before
-- 1900-01-01: nobody alive was born earlier, and an earlier date is a typing error (0958 for
-- 1958); the form's limit (src/domain/schemas/limits.ts birthdayMin).
alter table public.webshop_customers
  add constraint webshop_customers_first_name_length check (char_length(first_name) <= 100) not valid,
  add constraint webshop_customers_last_name_length check (char_length(last_name) <= 100) not valid,
  add constraint webshop_customers_birthday_past check (birthday <= (now() at time zone 'Europe/Zurich')::date) not valid,
  add constraint webshop_customers_birthday_min check (birthday >= date '1900-01-01') not valid;
-- kept from the customer tables migration: webshop_customers_gender_check (1..3),
-- webshop_customers_language_check (de, fr)

create or replace function private.webshop_customers_rules() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  ins constant boolean := tg_op = 'INSERT';
  profile constant boolean := private.form_filled(new.first_name);
  first_changed constant boolean := ins or new.first_name is distinct from old.first_name;
  rule text;
begin
  rule := case
    when profile and (first_changed or new.birthday is distinct from old.birthday) and new.birthday is null
      then 'webshop_customers_birthday_required'
    when first_changed and new.first_name is not null and not profile
      then 'webshop_customers_first_name_required'
    when profile and (first_changed or new.gender is distinct from old.gender) and new.gender is null
      then 'webshop_customers_gender_required'
    when profile and (first_changed or new.last_name is distinct from old.last_name) and not private.form_filled(new.last_name)
      then 'webshop_customers_last_name_required'
  end;
  if rule is not null then
    perform private.form_rule_violation(tg_table_name, rule, 'A profile has first name, last name, gender and birthday.');
  end if;
  return null;
end
$$;
create trigger webshop_customers_rules
  after insert or update on public.webshop_customers
  for each row execute function private.webshop_customers_rules();

-- ---------------------------------------------------------------------------------------------
-- webshop_customer_address (spec §5 Address, Phone): street, street number, zip, city and
-- phone required; zip 4 digits (a Swiss postal code; the form asks the same); phone 0 and
-- nine digits; address line 2 optional.
alter table public.webshop_customer_address
  add constraint webshop_customer_address_street_length check (char_length(street) <= 200) not valid,
  add constraint webshop_customer_address_street_nr_length check (char_length(street_nr) <= 50) not valid,
  add constraint webshop_customer_address_address2_length check (char_length(address2) <= 200) not valid,
  add constraint webshop_customer_address_zip_format check (not private.form_filled(zip) or zip ~ '^[0-9]{4}$') not valid,
  add constraint webshop_customer_address_city_length check (char_length(city) <= 100) not valid,
  add constraint webshop_customer_address_phone_format check (not private.form_filled(phone) or phone ~ '^0[0-9]{9}$') not valid;

create or replace function private.webshop_customer_address_rules() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  ins constant boolean := tg_op = 'INSERT';
  rule text;
begin
  rule := case
    when (ins or new.city is distinct from old.city) and not private.form_filled(new.city)
      then 'webshop_customer_address_city_required'
    when (ins or new.phone is distinct from old.phone) and not private.form_filled(new.phone)
      then 'webshop_customer_address_phone_required'
    when (ins or new.street is distinct from old.street) and not private.form_filled(new.street)
      then 'webshop_customer_address_street_required'
    when (ins or new.street_nr is distinct from old.street_nr) and not private.form_filled(new.street_nr)
      then 'webshop_customer_address_street_nr_required'
    when (ins or new.zip is distinct from old.zip) and not private.form_filled(new.zip)
      then 'webshop_customer_address_zip_required'
  end;
  if rule is not null then
    perform private.form_rule_violation(tg_table_name, rule, 'Street, street number, zip, city and phone are required.');
  end if;
  return null;
end
$$;
create trigger webshop_customer_address_rules
  after insert or update on public.webshop_customer_address
  for each row execute function private.webshop_customer_address_rules();

-- ---------------------------------------------------------------------------------------------
-- webshop_customer_insurance (spec §5 Insurance): insurer required and one of the list
-- (pharmindex_insurance.descr1, the exact name the form offers); card number required, 20
-- digits starting 8075; policy number required (a mandatory cover field); voluntary insurer
-- optional; voluntary number optional, digits.
alter table public.webshop_customer_insurance
  add constraint webshop_customer_insurance_insurance_length check (char_length(insurance) <= 200) not valid,
  add constraint webshop_customer_insurance_veka_nr_format check (not private.form_filled(veka_nr) or veka_nr ~ '^8075[0-9]{16}$') not valid,
  add constraint webshop_customer_insurance_police_nr_length check (char_length(police_nr) <= 50) not valid,
  add constraint webshop_customer_insurance_additional_insurance_length check (char_length(additional_insurance) <= 200) not valid,
  add constraint webshop_customer_insurance_additional_insurance_nr_format check (additional_insurance_nr ~ '^[0-9]*$') not valid,
  add constraint webshop_customer_insurance_additional_insurance_nr_length check (char_length(additional_insurance_nr) <= 50) not valid;

create or replace function private.webshop_customer_insurance_rules() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  ins constant boolean := tg_op = 'INSERT';
  insurer_changed constant boolean := ins or new.insurance is distinct from old.insurance;
  rule text;
begin
  rule := case
    when insurer_changed and private.form_filled(new.insurance)
         and not exists (select 1 from public.pharmindex_insurance i where i.descr1 = new.insurance)
      then 'webshop_customer_insurance_insurance_known'
    when insurer_changed and not private.form_filled(new.insurance)
      then 'webshop_customer_insurance_insurance_required'
    when (ins or new.police_nr is distinct from old.police_nr) and not private.form_filled(new.police_nr)
      then 'webshop_customer_insurance_police_nr_required'
    when (ins or new.veka_nr is distinct from old.veka_nr) and not private.form_filled(new.veka_nr)
      then 'webshop_customer_insurance_veka_nr_required'
  end;
  if rule is not null then
    perform private.form_rule_violation(tg_table_name, rule, 'An insurer of the list (pharmindex_insurance.descr1), the card number and the policy number are required.');
  end if;
  return null;
end
$$;
create trigger webshop_customer_insurance_rules
  after insert or update on public.webshop_customer_insurance
  for each row execute function private.webshop_customer_insurance_rules();

-- ---------------------------------------------------------------------------------------------
-- webshop_customer_questionnaire (spec §5 Questionnaire): weight and size required, within the
-- form's plausibility ranges (1-400 kg, 30-250 cm; limits.ts). These replace the wider checks
-- of the customer tables migration (0-700 kg, 0-300 cm). Other medications: a flat list of at
-- most 100 pharmacodes of the catalogue (each code added is looked up in pharmindex).
alter table public.webshop_customer_questionnaire
  drop constraint if exists webshop_customer_questionnaire_weight_check,
  drop constraint if exists webshop_customer_questionnaire_size_check,
  add constraint webshop_customer_questionnaire_weight_range check (weight between 1 and 400) not valid,
  add constraint webshop_customer_questionnaire_size_range check (size between 30 and 250) not valid,
  add constraint webshop_customer_questionnaire_d_others_length check (char_length(d_others) <= 2000) not valid,
  add constraint webshop_customer_questionnaire_a_other_length check (char_length(a_other) <= 2000) not valid,
  add constraint webshop_customer_questionnaire_external_medications_length check (cardinality(external_medications) <= 100) not valid,
  add constraint webshop_customer_questionnaire_external_medications_flat check (
    case when array_ndims(external_medications) > 1 then false else array_position(external_medications, null) is null end
  ) not valid;

create or replace function private.webshop_customer_questionnaire_rules() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  ins constant boolean := tg_op = 'INSERT';
  unknown bigint;
  rule text;
begin
  if ins or new.external_medications is distinct from old.external_medications then
    select code into unknown
      from unnest(new.external_medications) code
     where code is not null
       and (ins or not code = any (coalesce(old.external_medications, '{}')))
       and not exists (select 1 from public.pharmindex p where p.pharmacode = code)
     limit 1;
  end if;
  rule := case
    when unknown is not null
      then 'webshop_customer_questionnaire_external_medications_known'
    when (ins or new.size is distinct from old.size) and new.size is null
      then 'webshop_customer_questionnaire_size_required'
    when (ins or new.weight is distinct from old.weight) and new.weight is null
      then 'webshop_customer_questionnaire_weight_required'
  end;
  if rule is not null then
    perform private.form_rule_violation(tg_table_name, rule,
      case when unknown is not null then format('Pharmacode %s is not in the catalogue (pharmindex).', unknown)
           else 'Weight and size are required.' end);
  end if;
  return null;
end
$$;
create trigger webshop_customer_questionnaire_rules
  after insert or update on public.webshop_customer_questionnaire
  for each row execute function private.webshop_customer_questionnaire_rules();

-- ---------------------------------------------------------------------------------------------
-- webshop_customer_order_defaults (spec §3): the comment goes into orders, so at most the
-- order comment's length (the order RPC refuses more; ORDER_COMMENT_MAX).
alter table public.webshop_customer_order_defaults
  add constraint webshop_customer_order_defaults_comment_length check (char_length(comment) <= 2000) not valid;

-- ---------------------------------------------------------------------------------------------
-- webshop_customer_additional_info (spec §5 Send method, §9): per chosen method
--   espace:      a location of the partner list (ESPACE_PARTNERS in src/domain/constants.ts,
--                PARTNER_LOCATIONS in supabase/functions/_shared/partners.ts; a test keeps the
--                three lists equal), send_all answered, a description of at least 3 characters
--                when not all;
--   post, email: doctor and practice names of at least 3 characters each.
-- No method (null): nothing is required. The partner list changes over time (a partner leaves):
-- like the insurer list it is checked for a location the write sets, so a chosen location
-- that has left the list does not block the send-asap answer or the reset.
create or replace function private.espace_partners() returns text[]
language sql immutable parallel safe
as $$
  select array[
    'gz-aarepark', 'praxis-limmatquai', 'cm-leman', 'az-rheinsprung', 'hp-pilatusblick',
    'cm-vignes', 'mz-saentis', 'apo-zytglogge', 'ph-riponne', 'apo-rosenberg'
  ]
$$;
comment on function private.espace_partners() is 'Ids of the espace partner locations (spec §9: 7 practices, 3 pharmacies), as stored in prescription_location.';
revoke all on function private.espace_partners() from public;

alter table public.webshop_customer_additional_info
  add constraint webshop_customer_additional_info_description_length check (char_length(description) <= 2000) not valid,
  add constraint webshop_customer_additional_info_doc_name_length check (char_length(doc_name) <= 200) not valid,
  add constraint webshop_customer_additional_info_cpg_name_length check (char_length(cpg_name) <= 200) not valid;
-- kept from the customer tables migration:
-- webshop_customer_additional_info_prescription_send_method_check (post, email, espace)

create or replace function private.webshop_customer_additional_info_rules() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  ins constant boolean := tg_op = 'INSERT';
  method constant text := new.prescription_send_method;
  method_changed constant boolean := ins or method is distinct from old.prescription_send_method;
  rule text;
begin
  rule := case
    when method in ('post', 'email') and (method_changed or new.cpg_name is distinct from old.cpg_name)
         and coalesce(private.form_length(new.cpg_name), 0) < 3
      then 'webshop_customer_additional_info_cpg_name_min'
    when method = 'espace' and new.send_all is false
         and (method_changed or new.send_all is distinct from old.send_all or new.description is distinct from old.description)
         and coalesce(private.form_length(new.description), 0) < 3
      then 'webshop_customer_additional_info_description_min'
    when method in ('post', 'email') and (method_changed or new.doc_name is distinct from old.doc_name)
         and coalesce(private.form_length(new.doc_name), 0) < 3
      then 'webshop_customer_additional_info_doc_name_min'
    when (ins or new.prescription_location is distinct from old.prescription_location) and new.prescription_location is not null
         and not new.prescription_location = any (private.espace_partners())
      then 'webshop_customer_additional_info_prescription_location_partner'
    when method = 'espace' and (method_changed or new.prescription_location is distinct from old.prescription_location)
         and new.prescription_location is null
      then 'webshop_customer_additional_info_prescription_location_required'
    when method = 'espace' and (method_changed or new.send_all is distinct from old.send_all) and new.send_all is null
      then 'webshop_customer_additional_info_send_all_required'
  end;
  if rule is not null then
    perform private.form_rule_violation(tg_table_name, rule,
      'espace: a partner location, the send-all answer and, if not all, a description of 3 characters; post and email: doctor and practice names of 3 characters.');
  end if;
  return null;
end
$$;
create trigger webshop_customer_additional_info_rules
  after insert or update on public.webshop_customer_additional_info
  for each row execute function private.webshop_customer_additional_info_rules();

revoke all on function
  private.webshop_customers_rules(),
  private.webshop_customer_address_rules(),
  private.webshop_customer_insurance_rules(),
  private.webshop_customer_questionnaire_rules(),
  private.webshop_customer_additional_info_rules()
  from public;

-- ---------------------------------------------------------------------------------------------
-- User metadata: a language other than de/fr is replaced or dropped, never refused (see the top).
create or replace function private.auth_users_known_language() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.raw_user_meta_data ? 'language'
     and coalesce(new.raw_user_meta_data ->> 'language', '') not in ('de', 'fr') then
    -- an update keeps the language the user had; otherwise there is none (the app says German)
    if tg_op = 'UPDATE' and coalesce(old.raw_user_meta_data ->> 'language', '') in ('de', 'fr') then
      new.raw_user_meta_data := jsonb_set(new.raw_user_meta_data, '{language}', old.raw_user_meta_data -> 'language');
    else
      new.raw_user_meta_data := new.raw_user_meta_data - 'language';
    end if;
  end if;
  return new;
end
$$;
revoke all on function private.auth_users_known_language() from public;
create trigger users_language_known
  before insert or update on auth.users
  for each row execute function private.auth_users_known_language();

revoke all on function private.webshop_customer_address_normalise(), private.webshop_customer_insurance_normalise() from public;

-- ---------------------------------------------------------------------------------------------
-- Validate the CHECKs the stored rows pass (every one on a new database).
do $$
declare
  c record;
begin
  for c in
    select k.conrelid::regclass as tbl, k.conname
      from pg_constraint k
     where k.contype = 'c' and not k.convalidated
       and k.conrelid in (
         'public.webshop_customers'::regclass, 'public.webshop_customer_address'::regclass,
         'public.webshop_customer_insurance'::regclass, 'public.webshop_customer_questionnaire'::regclass,
         'public.webshop_customer_order_defaults'::regclass, 'public.webshop_customer_additional_info'::regclass)
     order by k.conname
  loop
    begin
      execute format('alter table %s validate constraint %I', c.tbl, c.conname);
    exception when check_violation then
      raise notice 'form rules: rows from before this migration break %, which stays NOT VALID (new rows and updates are checked)', c.conname;
    end;
  end loop;
end
$$;
