-- webshop_customers.language (spec §3) holds the patient's language. The app wrote it nowhere
-- until now: the account's language lived only in the user's metadata
-- (auth.users.raw_user_meta_data.language, written at sign-up and with each change of the
-- De/Fr switch, spec §1). From now on the app writes it itself: with the base data when the
-- row is created, and alone with each change of the switch (an upsert of the language only:
-- webshop_customers_lock_personal_data refuses changes of first name, last name, gender and
-- birthday and lets the language change, as the policies migration wrote it).
--
-- Existing rows take the account's language where they have none; a language of the row is
-- kept, and a metadata language other than de/fr is not copied (the column's CHECK).
update public.webshop_customers c
   set language = u.raw_user_meta_data ->> 'language'
  from auth.users u
 where u.id = c.id
   and c.language is null
   and u.raw_user_meta_data ->> 'language' in ('de', 'fr');
