-- CreateTable
CREATE TABLE "contact_search_chunks" (
    "id" BIGSERIAL NOT NULL,
    "organization_id" UUID NOT NULL,
    "first_last_name" TEXT NOT NULL,
    "first_first_name" TEXT NOT NULL,
    "first_id" UUID NOT NULL,
    "texts" TEXT NOT NULL,

    CONSTRAINT "contact_search_chunks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "contact_search_changes" (
    "id" BIGSERIAL NOT NULL,
    "organization_id" UUID NOT NULL,
    "last_name" TEXT NOT NULL,
    "first_name" TEXT NOT NULL,
    "contact_id" UUID NOT NULL,
    "search_text" TEXT NOT NULL,

    CONSTRAINT "contact_search_changes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "contact_search_chunks_organization_id_first_last_name_first_idx" ON "contact_search_chunks"("organization_id", "first_last_name", "first_first_name", "first_id");

-- CreateIndex
CREATE INDEX "contact_search_changes_organization_id_idx" ON "contact_search_changes"("organization_id");

-- AddForeignKey
ALTER TABLE "contact_search_chunks" ADD CONSTRAINT "contact_search_chunks_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contact_search_changes" ADD CONSTRAINT "contact_search_changes_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- ---------------------------------------------------------------------------------------------------------------
-- Written by hand from here (Prisma models the two tables above; it does not model storage, policies, grants,
-- triggers or functions, so `db:migrate:check` ignores what follows).
--
-- A broad search of a large book (#19 point 4, performance.md "Contact list query"): more than 2,000 contacts
-- hold the term, so its page is the first 100 matches in the list's order, found by walking the name order and
-- testing the term on each entry. When the matches sort late that walk is long: "garc" passes 234,000 names
-- (every Garcia sorts after the A–F names) at ~0.3 µs an entry. The chunks cut the name order into runs of about
-- a thousand contacts and hold each run's search texts as one text; strpos over a run's text is ~0.1 ms against
-- ~0.3 ms for its thousand entries, and a run whose text does not hold the term has no match, so its entries are
-- skipped. Only the runs whose text holds the term are walked, each between its first key and the next run's.
--
-- Exactness: a run's text is the search texts of every contact of the organization whose key fell in the run when
-- it was built (the book and the rest: a placeholder that joins the book later is already there); a contact
-- written since (a new key or a new text) is a row of contact_search_changes, which the search reads beside the
-- runs. A text that is no longer true (a deleted or renamed contact), or an occurrence of the term across two
-- contacts' lines, only makes a run walked for nothing. So no match is ever skipped, and the walk of a run tests
-- the term on the contacts themselves. (Writes in flight during an organization's first build: see the rebuild.)
-- ---------------------------------------------------------------------------------------------------------------

-- The texts are read whole by strpos: stored out of line but not compressed, so reading one costs no
-- decompression (a run of 1,000 is ~60 KB; 59 MB at 1,000,000 contacts).
ALTER TABLE "contact_search_chunks" ALTER COLUMN "texts" SET STORAGE EXTERNAL;

-- Tenant tables: enabled, forced and keyed like every other (the row-level-security migration's rule). The app
-- role may read its own chunks and add its own changes (the trigger runs as the writer); only the functions below,
-- running as the owner, build, absorb and search them.
GRANT SELECT ON "contact_search_chunks" TO app;
GRANT INSERT ON "contact_search_changes" TO app;
GRANT USAGE ON SEQUENCE "contact_search_changes_id_seq" TO app;
ALTER TABLE "contact_search_chunks" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "contact_search_chunks" FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON "contact_search_chunks" USING (organization_id = app_current_org()) WITH CHECK (organization_id = app_current_org());
ALTER TABLE "contact_search_changes" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "contact_search_changes" FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON "contact_search_changes" USING (organization_id = app_current_org()) WITH CHECK (organization_id = app_current_org());

-- The search text trigger also records a contact written since its organization's chunks were built: a new
-- contact, or a new text or name (the key of the list's order). An organization without chunks (a book too
-- small to need them) records nothing. Otherwise as in 20261125043902_contact_list_search_index (a text over
-- 1,500 bytes is cut to its first 375 characters, so that the name-order index entry always fits).
CREATE OR REPLACE FUNCTION contacts_set_search_text() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  full_text text := lower(unaccent(concat_ws(' ', NEW.first_name, NEW.last_name, NEW.email, NEW.phone_number, NEW.current_carrier)));
BEGIN
  NEW.search_text := CASE WHEN octet_length(full_text) <= 1500 THEN full_text ELSE left(full_text, 375) END;
  -- Held to the end of the writer's transaction: an organization's first build waits for every write in flight
  -- (each of which found no chunks and recorded nothing), so that its snapshot holds them all
  -- (contact_search_chunks_rebuild). Writers do not wait for each other.
  PERFORM pg_advisory_xact_lock_shared(hashtext('contact_search_chunks_writers'), hashtext(NEW.organization_id::text));
  IF (TG_OP = 'INSERT'
      OR NEW.search_text IS DISTINCT FROM OLD.search_text
      OR NEW.last_name IS DISTINCT FROM OLD.last_name
      OR NEW.first_name IS DISTINCT FROM OLD.first_name)
     AND EXISTS (SELECT 1 FROM contact_search_chunks WHERE organization_id = NEW.organization_id) THEN
    INSERT INTO contact_search_changes (organization_id, last_name, first_name, contact_id, search_text)
      VALUES (NEW.organization_id, NEW.last_name, NEW.first_name, NEW.id, NEW.search_text);
  END IF;
  RETURN NEW;
END
$$;

-- Builds an organization's chunks again from its contacts as they are, and absorbs the changes recorded so far.
-- One statement, so one snapshot: the runs hold exactly the contacts that snapshot sees, and the changes it
-- deletes are exactly those it sees (a change committed after it stays, for the next rebuild). Two rebuilds of
-- one organization wait for each other (the advisory lock, taken before the statement's snapshot). `run_size`
-- 0 removes the organization's chunks (a book small enough not to need them). Answers the number of runs.
--
-- The first build (no chunks yet) must also see every contact written without a change row: a writer that found
-- no chunks recorded nothing, and if it committed after this snapshot its contact would be in no run and no
-- change. So it first takes the writers' lock exclusively: it waits for the writes of the organization in flight
-- (each holds that lock shared, from the search-text trigger) and holds new ones back until it commits, when
-- they find the chunks and record their changes. A rebuild needs no such wait: a writer in flight found the old
-- chunks and recorded its change, which this snapshot does not see and so does not delete. lock_timeout bounds
-- the wait (a long import in flight): the build fails, writers go on, and the next hourly refresh tries again.
CREATE FUNCTION contact_search_chunks_rebuild(org uuid, run_size integer) RETURNS integer
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER
  SET search_path = pg_catalog, pg_temp
  SET lock_timeout = '10s'
  AS $$
DECLARE
  runs integer;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('contact_search_chunks_rebuild'), hashtext(org::text));
  IF run_size > 0 AND NOT EXISTS (SELECT 1 FROM public.contact_search_chunks WHERE organization_id = org) THEN
    PERFORM pg_advisory_xact_lock(hashtext('contact_search_chunks_writers'), hashtext(org::text));
  END IF;
  IF run_size <= 0 THEN
    WITH dropped AS (DELETE FROM public.contact_search_chunks WHERE organization_id = org)
    DELETE FROM public.contact_search_changes WHERE organization_id = org;
    RETURN 0;
  END IF;
  WITH dropped AS (DELETE FROM public.contact_search_chunks WHERE organization_id = org),
       absorbed AS (DELETE FROM public.contact_search_changes WHERE organization_id = org),
       built AS (
         INSERT INTO public.contact_search_chunks (organization_id, first_last_name, first_first_name, first_id, texts)
         SELECT org,
                (array_agg(r.last_name ORDER BY r.last_name, r.first_name, r.id))[1],
                (array_agg(r.first_name ORDER BY r.last_name, r.first_name, r.id))[1],
                (array_agg(r.id ORDER BY r.last_name, r.first_name, r.id))[1],
                string_agg(r.search_text, E'\n' ORDER BY r.last_name, r.first_name, r.id)
           FROM (SELECT c.last_name, c.first_name, c.id, c.search_text,
                        (row_number() OVER (ORDER BY c.last_name, c.first_name, c.id) - 1) / run_size AS run
                   FROM public.contacts c WHERE c.organization_id = org) r
          GROUP BY r.run
         RETURNING 1)
  SELECT count(*)::integer INTO runs FROM built;
  RETURN runs;
END
$$;
REVOKE ALL ON FUNCTION contact_search_chunks_rebuild(uuid, integer) FROM PUBLIC;

-- The ids of the page (`skip` matches passed, the next `take`) of the current tenant's listed contacts (the book;
-- an agent's own) whose search text holds `term`, in the list's order, walking only the runs whose text (or a
-- change recorded since their build) holds it. NULL when the tenant has no chunks, or more than `max_changes`
-- changes wait for a rebuild: the caller then walks the whole name order as before. SECURITY DEFINER for the same
-- reason as contact_search_candidates (its range conditions are index conditions for the owner only), and it
-- answers only app_current_org()'s contacts; the caller reads the rows by id as `app`, under the policy. A run's
-- text is tested with strpos (one search of ~60 KB); a contact's with LIKE, as everywhere else (strpos costs ~2 µs a
-- call on a short text, LIKE ~0.1). Both test the term literally (LIKE with its wildcards escaped).
CREATE FUNCTION contact_search_page(term text, agent uuid, skip integer, take integer, max_changes integer)
  RETURNS uuid[]
  LANGUAGE plpgsql STABLE SECURITY DEFINER
  SET search_path = pg_catalog, pg_temp
  AS $$
DECLARE
  pattern constant text := '%' || replace(replace(replace(term, '\', '\\'), '%', '\%'), '_', '\_') || '%';
  tenant constant uuid := public.app_current_org();
  need constant integer := skip + take;
  -- The first id of each run that a change recorded since the build puts the term in.
  changed_runs uuid[];
  first_run uuid;
  run record;
  stretch integer := 0;
  walk_now boolean;
  from_last text; from_first text; from_id uuid;
  to_last text; to_first text; to_id uuid;
  ids uuid[] := '{}';
  found uuid[];
BEGIN
  SELECT ch.first_id INTO first_run FROM public.contact_search_chunks ch
   WHERE ch.organization_id = tenant
   ORDER BY ch.first_last_name, ch.first_first_name, ch.first_id LIMIT 1;
  IF first_run IS NULL
     OR (SELECT count(*) FROM (SELECT 1 FROM public.contact_search_changes x
                                WHERE x.organization_id = tenant LIMIT max_changes + 1) n) > max_changes THEN
    RETURN NULL;
  END IF;
  -- A change's run is the last whose first key is not above the change's; a key before every run's is the first's.
  SELECT array_agg(DISTINCT coalesce(r.first_id, first_run)) INTO changed_runs
    FROM public.contact_search_changes x
    LEFT JOIN LATERAL (
      SELECT ch.first_id FROM public.contact_search_chunks ch
       WHERE ch.organization_id = tenant
         AND (ch.first_last_name, ch.first_first_name, ch.first_id) <= (x.last_name, x.first_name, x.contact_id)
       ORDER BY ch.first_last_name DESC, ch.first_first_name DESC, ch.first_id DESC LIMIT 1) r ON true
   WHERE x.organization_id = tenant AND strpos(x.search_text, term) > 0;

  -- Runs that hold the term are walked together while they follow each other, up to 16 (a dense term's first
  -- runs all hold it, and one walk of a stretch costs less than one a run); a stretch ends at the first run that
  -- does not hold the term, or after 16, or at the last run.
  FOR run IN
    SELECT ch.first_last_name, ch.first_first_name, ch.first_id,
           lead(ch.first_last_name) OVER w AS next_last_name, lead(ch.first_first_name) OVER w AS next_first_name,
           lead(ch.first_id) OVER w AS next_id,
           strpos(ch.texts, term) > 0 AS holds
      FROM public.contact_search_chunks ch
     WHERE ch.organization_id = tenant
    WINDOW w AS (ORDER BY ch.first_last_name, ch.first_first_name, ch.first_id)
     ORDER BY ch.first_last_name, ch.first_first_name, ch.first_id
  LOOP
    walk_now := false;
    IF run.holds OR run.first_id = ANY (coalesce(changed_runs, '{}')) THEN
      IF stretch = 0 THEN
        IF run.first_id = first_run THEN
          -- The first run also holds every key before its own first (a contact added since with a smaller one).
          from_last := ''; from_first := ''; from_id := '00000000-0000-0000-0000-000000000000';
        ELSE
          from_last := run.first_last_name; from_first := run.first_first_name; from_id := run.first_id;
        END IF;
      END IF;
      stretch := stretch + 1;
      IF stretch >= 16 OR run.next_id IS NULL THEN
        to_last := run.next_last_name; to_first := run.next_first_name; to_id := run.next_id;
        walk_now := true;
      END IF;
    ELSIF stretch > 0 THEN
      to_last := run.first_last_name; to_first := run.first_first_name; to_id := run.first_id;
      walk_now := true;
    END IF;
    CONTINUE WHEN NOT walk_now;
    -- The stretch's entries in the list's order, then the term on each (OFFSET 0 keeps the LIKE out of the scan,
    -- so the planner reads the stretch's range of the name-order index, not every match from the trigram index).
    -- A stretch that ends with the last run has no end; the others' both bounds must be index conditions (an OR
    -- would make the end a filter, and the scan would run on to the end of the book).
    IF to_id IS NULL THEN
      SELECT array_agg(w.id ORDER BY w.last_name, w.first_name, w.id) INTO found FROM (
        SELECT r.id, r.last_name, r.first_name FROM (
          SELECT c.id, c.last_name, c.first_name, c.search_text FROM public.contacts c
           WHERE c.organization_id = tenant AND c.status <> 'temp' AND c.unverified_since IS NULL
             AND (agent IS NULL OR c.agent_id = agent)
             AND (c.last_name, c.first_name, c.id) >= (from_last, from_first, from_id)
           ORDER BY c.last_name, c.first_name, c.id
          OFFSET 0) r
         WHERE r.search_text LIKE pattern
         LIMIT need - cardinality(ids)) w;
    ELSE
      SELECT array_agg(w.id ORDER BY w.last_name, w.first_name, w.id) INTO found FROM (
        SELECT r.id, r.last_name, r.first_name FROM (
          SELECT c.id, c.last_name, c.first_name, c.search_text FROM public.contacts c
           WHERE c.organization_id = tenant AND c.status <> 'temp' AND c.unverified_since IS NULL
             AND (agent IS NULL OR c.agent_id = agent)
             AND (c.last_name, c.first_name, c.id) >= (from_last, from_first, from_id)
             AND (c.last_name, c.first_name, c.id) < (to_last, to_first, to_id)
           ORDER BY c.last_name, c.first_name, c.id
          OFFSET 0) r
         WHERE r.search_text LIKE pattern
         LIMIT need - cardinality(ids)) w;
    END IF;
    ids := ids || coalesce(found, '{}');
    stretch := 0;
    EXIT WHEN cardinality(ids) >= need;
  END LOOP;
  RETURN coalesce(ids[skip + 1 : need], '{}');
END
$$;
REVOKE ALL ON FUNCTION contact_search_page(text, uuid, integer, integer, integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION contact_search_page(text, uuid, integer, integer, integer) TO app;
