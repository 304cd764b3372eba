-- Tenant isolation, second wall (the first is the organization_id in every where; rls.md has the recipe
-- and its pitfalls). The app's tenant client runs each operation inside a transaction that sets
-- app.org_id and switches to the role "app", which is subject to these policies. The owner/superuser
-- (migrations, seed, sign-in) bypasses them.
-- Written by hand: Prisma does not model roles, policies or triggers, so `db:migrate:check` ignores them.

DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'app') THEN
    CREATE ROLE app NOLOGIN NOSUPERUSER NOBYPASSRLS; -- roles are cluster-wide: create once
  END IF;
END
$$;

GRANT app TO CURRENT_USER;
GRANT USAGE ON SCHEMA public TO app;
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO app;
-- The migration history is the owner's alone (absent in the shadow database that `check` builds).
DO $$
BEGIN
  IF to_regclass('public._prisma_migrations') IS NOT NULL THEN
    REVOKE ALL ON "_prisma_migrations" FROM app;
  END IF;
END
$$;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO app;

-- NULL and '' both mean "no tenant": a tenant query without the setting sees nothing.
CREATE OR REPLACE FUNCTION app_current_org() RETURNS uuid
  LANGUAGE sql STABLE
  AS $$ SELECT NULLIF(current_setting('app.org_id', true), '')::uuid $$;

-- Every table with an organization_id column is a tenant table: enable, force and key the policy on it.
-- A table added later needs the same three statements in its migration; a test fails until it has them.
DO $$
DECLARE
  t record;
BEGIN
  FOR t IN
    SELECT c.relname
    FROM pg_class c
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'organization_id' AND NOT a.attisdropped
    WHERE c.relkind = 'r' AND c.relnamespace = 'public'::regnamespace
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t.relname);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t.relname);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I USING (organization_id = app_current_org()) WITH CHECK (organization_id = app_current_org())',
      t.relname);
  END LOOP;
END
$$;

-- The organization row itself: visible to its own tenant only.
ALTER TABLE organizations ENABLE ROW LEVEL SECURITY;
ALTER TABLE organizations FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON organizations USING (id = app_current_org()) WITH CHECK (id = app_current_org());

-- contacts.search_text feeds the trigram index behind "Search contacts...": kept by the database so that
-- every write path (form, CSV import, self-onboarding) keeps it right.
CREATE OR REPLACE FUNCTION contacts_set_search_text() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  NEW.search_text := lower(concat_ws(' ', NEW.first_name, NEW.last_name, NEW.email, NEW.phone_number));
  RETURN NEW;
END
$$;

CREATE TRIGGER contacts_search_text
  BEFORE INSERT OR UPDATE OF first_name, last_name, email, phone_number ON contacts
  FOR EACH ROW EXECUTE FUNCTION contacts_set_search_text();
