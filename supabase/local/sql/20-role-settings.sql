-- Hosted Supabase's per-role statement timeouts (anon 3 s, authenticated 8 s). PostgREST
-- applies the settings of the role a request switches to; the local REST service reads them
-- from pg_db_role_setting and sets them in each request's transaction.
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';
