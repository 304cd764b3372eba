-- A search for the end of an address, such as "son@" (#19 point 4, performance.md "Contact list query").
-- pg_trgm indexes words, and "@" is not a word character: for "son@" it asks only for the trigrams of a word
-- ending in "son", which ~128,000 of 1,000,000 contacts hold (Johnson, Anderson, Wilson…) for ~12,700 matches,
-- so the candidate probe read and rechecked ten rows for each match (54–73 ms). The trigram index is now built
-- on the search text with every "@" written as "qz": "johnson@gmail.com" becomes the one word
-- "johnsonqzgmail", and "son@" asks for "son", "onq" and "nqz" (a word "n@" and little else holds).
--
-- Still exact: a text holding the term still holds it with both "@" rewritten the same way, so the index never
-- drops a match; what it adds (a text holding "qz" itself) the function's own LIKE on search_text removes.
-- A term without "@" asks for the same trigrams as before. search_text itself is unchanged.
-- Written by hand: Prisma does not model an index on an expression, so `db:migrate:check` ignores this one
-- (schema.prisma no longer declares the trigram index).
DROP INDEX "contacts_organization_id_search_text_trgm_idx";
CREATE INDEX "contacts_organization_id_search_words_trgm_idx" ON "contacts"
  USING GIN ("organization_id" uuid_ops, (replace("search_text", '@', 'qz')) gin_trgm_ops);

-- The probe's trigram read asks the new index (its expression, with the term rewritten alike) and keeps its LIKE
-- on search_text. Otherwise unchanged from 20261129201500_contact_search_candidates_in_list_order.
CREATE OR REPLACE FUNCTION contact_search_candidates(term text, agent uuid, lim integer) RETURNS uuid[]
  LANGUAGE plpgsql STABLE SECURITY DEFINER
  -- A SECURITY DEFINER function must not resolve names through a search_path the caller controls.
  SET search_path = pg_catalog, pg_temp
  AS $$
DECLARE
  pattern constant text := '%' || replace(replace(replace(term, '\', '\\'), '%', '\%'), '_', '\_') || '%';
  tenant constant uuid := public.app_current_org();
  dense integer;
  ids uuid[];
BEGIN
  SELECT count(*) INTO dense FROM (
    SELECT 1 FROM (
      SELECT c.search_text FROM public.contacts c
      WHERE c.organization_id = tenant AND c.status <> 'temp' AND c.unverified_since IS NULL
        AND (agent IS NULL OR c.agent_id = agent)
      ORDER BY c.last_name, c.first_name, c.id
      LIMIT 10 * (lim + 1)
    ) w
    WHERE w.search_text LIKE pattern
    LIMIT lim + 1
  ) d;
  IF dense > lim THEN
    RETURN NULL;
  END IF;
  -- The list's order; the limit applies before the sort, so a broad term still stops at lim + 1 rows.
  SELECT array_agg(m.id ORDER BY m.last_name, m.first_name, m.id) INTO ids FROM (
    SELECT c.id, c.last_name, c.first_name FROM public.contacts c
    WHERE c.organization_id = tenant AND c.status <> 'temp' AND c.unverified_since IS NULL
      AND (agent IS NULL OR c.agent_id = agent)
      AND replace(c.search_text, '@', 'qz') LIKE replace(pattern, '@', 'qz')
      AND c.search_text LIKE pattern
    LIMIT lim + 1
  ) m;
  IF cardinality(ids) > lim THEN
    RETURN NULL;
  END IF;
  RETURN coalesce(ids, '{}');
END
$$;

