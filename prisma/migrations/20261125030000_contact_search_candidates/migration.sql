-- "Search contacts..." without a state filter at 1,000,000 contacts (#19 point 4, performance.md "Contact list
-- query"). Under a row-level-security policy PostgreSQL will not use a non-leakproof operator such as LIKE as
-- an index condition, so for the `app` role the trigram index on search_text is out of reach and a search
-- alone scans the organization's rows. This function runs as its owner (who bypasses row-level security,
-- operations.md), so its LIKE can use contacts_search_text_trgm_idx; it answers ids only, and only the
-- current tenant's (organization_id = app_current_org(): with app.org_id unset it answers nothing, and no
-- term can widen it to another organization). The caller re-reads the contacts by id as `app`, under the
-- policy, so even a wrong id here could not show another organization's row.
-- `term` is the typed text already lowered and unaccented (normalizeSearchTerm); it is matched literally:
-- the function escapes LIKE's wildcards itself, as escapeLikePattern does for the Prisma filter, so a
-- typed "%" or "_" never matches everything. Backslash is LIKE's default escape.
-- The trigram index is per organization (btree_gin lets a GIN index lead with organization_id), so the
-- function reads only the current tenant's matches, not every organization's before it filters them.
-- Written by hand: Prisma does not model functions, so `db:migrate:check` ignores it.
CREATE EXTENSION IF NOT EXISTS btree_gin;
DROP INDEX IF EXISTS "contacts_search_text_trgm_idx";
CREATE INDEX "contacts_organization_id_search_text_trgm_idx" ON "contacts" USING GIN ("organization_id" uuid_ops, "search_text" gin_trgm_ops);

CREATE OR REPLACE FUNCTION contact_search_candidates(term text) RETURNS SETOF uuid
  LANGUAGE sql STABLE SECURITY DEFINER
  -- A SECURITY DEFINER function must not resolve names through a search_path the caller controls.
  SET search_path = pg_catalog, pg_temp
  AS $$
    SELECT c.id
    FROM public.contacts c
    WHERE c.organization_id = public.app_current_org()
      AND c.search_text LIKE '%' || replace(replace(replace(term, '\', '\\'), '%', '\%'), '_', '\_') || '%'
  $$;

REVOKE ALL ON FUNCTION contact_search_candidates(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION contact_search_candidates(text) TO app;
