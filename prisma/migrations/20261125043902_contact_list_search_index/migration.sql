-- A search without a state filter at 1,000,000 contacts (#19 point 4, performance.md "Contact list query").
--
-- 1. The page of a broad search (a term more than 2,000 contacts hold) is found in name order. Under
--    row-level security LIKE cannot be an index condition, so the list's name-order index is walked and each
--    entry's row was read from the table to test the term: ~500 ms when the matches sit late in the order
--    (every "Garcia" after the A–F names). With every column the search filters on in the index, the walk is
--    an index-only scan and reads no table rows. The new index replaces the name-order one, whose columns
--    it starts with.
-- search_text stays whole for every realistic contact (names, email, phone and carrier are ~700
--    characters at the forms' limits). Only a text over 1,500 bytes, which takes characters of 3–4 bytes
--    throughout, is cut to its first 375 characters (≤ 1,500 bytes), so the index entry above always fits.
CREATE OR REPLACE FUNCTION contacts_set_search_text() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  full_text text := lower(unaccent(concat_ws(' ', NEW.first_name, NEW.last_name, NEW.email, NEW.phone_number, NEW.current_carrier)));
BEGIN
  NEW.search_text := CASE WHEN octet_length(full_text) <= 1500 THEN full_text ELSE left(full_text, 375) END;
  RETURN NEW;
END
$$;

UPDATE contacts SET search_text = left(search_text, 375) WHERE octet_length(search_text) > 1500;

DROP INDEX "contacts_organization_id_last_name_first_name_idx";

-- The names lead the key (≤ 100 characters each, contact-schema.ts) and search_text follows; a btree entry
-- holds at most ~2,700 bytes, so search_text is capped above to keep every entry within it.
CREATE INDEX "contacts_list_order_search_idx" ON "contacts"("organization_id", "last_name", "first_name", "id", "search_text", "status", "unverified_since", "agent_id");

-- 2. The candidate probe answers only what the list would show: the book (no eligibility placeholders, no
--    unconfirmed self-signups: lib/contacts/book.ts) and, for an agent who is not an admin, their own
--    contacts (`agent`; NULL for admins). So when it finds more than `lim`, for a search with no other filter
--    more than `lim` contacts are listed, and the list says "2,000+" without counting them all.
--    It now answers an array: the ids, or NULL when more than `lim` match. A term most of the book holds
--    ("gmail") is told apart first from the first 10 × (lim + 1) entries of the name-order index (an
--    index-only read of ~20,000 entries): the trigram bitmap of such a term holds hundreds of thousands of
--    rows, ~80 ms to build at 1,000,000 contacts before the first id comes out.
--    Otherwise as in 20261125030000_contact_search_candidates: ids only, the current tenant's only (with
--    app.org_id unset it answers nothing), wildcards taken literally; the caller re-reads the ids as `app`
--    under the policy.
DROP FUNCTION IF EXISTS contact_search_candidates(text);
CREATE FUNCTION contact_search_candidates(term text, agent uuid, lim integer) RETURNS uuid[]
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
  SELECT array_agg(m.id) INTO ids FROM (
    SELECT c.id FROM public.contacts c
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

REVOKE ALL ON FUNCTION contact_search_candidates(text, uuid, integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION contact_search_candidates(text, uuid, integer) TO app;
