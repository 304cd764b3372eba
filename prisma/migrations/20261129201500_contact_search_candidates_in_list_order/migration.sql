-- A search whose term 2,000 or fewer contacts hold (#19 point 4, performance.md "Contact list query"):
-- contact_search_candidates reads each match's row anyway (the trigram match is rechecked on it), so it now
-- answers the ids in the list's order (last name, first name, id). listContacts then reads only the page's
-- rows (`id IN` the page's ids) instead of every candidate's a second time, sorted, for a page of 100; its
-- count was already the number of ids. Otherwise unchanged from 20261125043902_contact_list_search_index.
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
      AND c.search_text LIKE pattern
    LIMIT lim + 1
  ) m;
  IF cardinality(ids) > lim THEN
    RETURN NULL;
  END IF;
  RETURN coalesce(ids, '{}');
END
$$;
