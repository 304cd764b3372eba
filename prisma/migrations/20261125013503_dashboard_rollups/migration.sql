-- CreateTable
CREATE TABLE "dashboard_days" (
    "organization_id" UUID NOT NULL,
    "day" DATE NOT NULL,
    "quote_sends" INTEGER NOT NULL DEFAULT 0,
    "manual_quote_sends" INTEGER NOT NULL DEFAULT 0,
    "follow_up_emails" INTEGER NOT NULL DEFAULT 0,
    "follow_up_requests" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "dashboard_days_pkey" PRIMARY KEY ("organization_id","day")
);

-- CreateTable
CREATE TABLE "dashboard_attributions" (
    "organization_id" UUID NOT NULL,
    "contact_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "bucket" TEXT NOT NULL,
    "last_day" DATE NOT NULL,

    CONSTRAINT "dashboard_attributions_pkey" PRIMARY KEY ("organization_id","contact_id","kind","bucket")
);

-- CreateTable
CREATE TABLE "dashboard_attribution_counts" (
    "organization_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "bucket" TEXT NOT NULL,
    "last_day" DATE NOT NULL,
    "contacts" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "dashboard_attribution_counts_pkey" PRIMARY KEY ("organization_id","kind","bucket","last_day")
);

-- AddForeignKey
ALTER TABLE "dashboard_days" ADD CONSTRAINT "dashboard_days_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "dashboard_attributions" ADD CONSTRAINT "dashboard_attributions_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "dashboard_attribution_counts" ADD CONSTRAINT "dashboard_attribution_counts_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- ───────────── Written by hand (Prisma does not model policies, grants, functions or triggers) ─────────────
-- Dashboard rollups (docs/dashboard-metrics.md "Rollups"): kept current by the database, in the same
-- transaction as the event rows they summarize, so every write path (sweep, manual send, tracking, forms,
-- imports, deletes, cascades) keeps them right. Each is defined to equal the raw computation exactly; the
-- property test lib/dashboard/rollups.test.ts compares the two over random event sets and time zones.

-- Tenant tables: the same wall as every organization_id table (20261122041000_row_level_security).
GRANT SELECT, INSERT, UPDATE, DELETE ON "dashboard_days", "dashboard_attributions", "dashboard_attribution_counts" TO app;
ALTER TABLE "dashboard_days" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "dashboard_days" FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON "dashboard_days" USING (organization_id = app_current_org()) WITH CHECK (organization_id = app_current_org());
ALTER TABLE "dashboard_attributions" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "dashboard_attributions" FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON "dashboard_attributions" USING (organization_id = app_current_org()) WITH CHECK (organization_id = app_current_org());
ALTER TABLE "dashboard_attribution_counts" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "dashboard_attribution_counts" FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON "dashboard_attribution_counts" USING (organization_id = app_current_org()) WITH CHECK (organization_id = app_current_org());

-- The attribution rows of some contacts, recomputed from their raw rows: every click / answer belongs to
-- the contact's latest production quote send at or before it (sends sort first on a tie, as `sent_at <=
-- clicked_at` in the raw query); per contact, kind and local month of that send the latest such send day is
-- kept, and per contact and kind the latest overall ("total"). Rows are replaced, never patched: a contact
-- has a handful, and the counts follow through dashboard_attributions_counted.
-- Joining organizations also drops an organization being deleted (its cascades must not write rollups).
-- Concurrent refreshes of one contact take turns: each deletes the rows it sees and inserts what it
-- computes, so without turns the later insert would meet the earlier one's uncommitted rows (a unique
-- violation failing the click or send that caused it). A refresh of a few contacts locks them (sorted, so
-- two refreshes never wait on each other in a cycle) under a shared lock of their organization; a large
-- one (a bulk statement, a rebuild) locks the organization exclusively, not 100,000 keys.
CREATE OR REPLACE FUNCTION dashboard_refresh_attributions(orgs uuid[], contacts uuid[]) RETURNS void
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF cardinality(contacts) <= 1000 THEN
    PERFORM pg_advisory_xact_lock_shared(hashtextextended(o::text, 0))
    FROM (SELECT DISTINCT o FROM unnest(orgs) AS t(o) ORDER BY 1) x;
    PERFORM pg_advisory_xact_lock(hashtextextended(c::text, 1))
    FROM (SELECT DISTINCT c FROM unnest(contacts) AS t(c) WHERE c IS NOT NULL ORDER BY 1) x;
  ELSE
    PERFORM pg_advisory_xact_lock(hashtextextended(o::text, 0))
    FROM (SELECT DISTINCT o FROM unnest(orgs) AS t(o) ORDER BY 1) x;
  END IF;

  DELETE FROM dashboard_attributions a
  USING (SELECT DISTINCT o, c FROM unnest(orgs, contacts) AS t(o, c)) x
  WHERE a.organization_id = x.o AND a.contact_id = x.c;

  INSERT INTO dashboard_attributions (organization_id, contact_id, kind, bucket, last_day)
  WITH affected AS (
    SELECT DISTINCT o AS organization_id, c AS contact_id FROM unnest(orgs, contacts) AS t(o, c) WHERE c IS NOT NULL
  ),
  timeline AS (
    SELECT se.organization_id, se.contact_id, NULL::text AS kind, se.sent_at AS at, se.sent_at AS send_at
    FROM scheduled_emails se JOIN affected USING (organization_id, contact_id)
    WHERE se.status = 'sent' AND se.send_mode = 'production' AND se.sent_at IS NOT NULL
      AND se.email_type NOT LIKE 'followup%'
    UNION ALL
    SELECT tc.organization_id, tc.contact_id, 'view', tc.clicked_at, NULL
    FROM tracking_clicks tc JOIN affected USING (organization_id, contact_id)
    UNION ALL
    SELECT ea.organization_id, ea.contact_id, 'health', ea.created_at, NULL
    FROM eligibility_answers ea JOIN affected USING (organization_id, contact_id)
  ),
  attributed AS (
    SELECT organization_id, contact_id, kind,
           max(send_at) OVER (PARTITION BY organization_id, contact_id ORDER BY at, kind NULLS FIRST
                              ROWS UNBOUNDED PRECEDING) AS send_at
    FROM timeline
  ),
  days AS (
    SELECT DISTINCT a.organization_id, a.contact_id, a.kind, (a.send_at AT TIME ZONE o.timezone)::date AS day
    FROM attributed a JOIN organizations o ON o.id = a.organization_id
    WHERE a.kind IS NOT NULL AND a.send_at IS NOT NULL
  )
  SELECT organization_id, contact_id, kind, to_char(day::timestamp, 'YYYY-MM'), max(day) FROM days GROUP BY 1, 2, 3, 4
  UNION ALL
  SELECT organization_id, contact_id, kind, 'total', max(day) FROM days GROUP BY 1, 2, 3;
END
$$;

-- dashboard_attribution_counts follows dashboard_attributions by deltas, one upsert per key and statement.
CREATE OR REPLACE FUNCTION dashboard_attributions_counted() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO dashboard_attribution_counts AS c (organization_id, kind, bucket, last_day, contacts)
    SELECT n.organization_id, n.kind, n.bucket, n.last_day, count(*)
    FROM new_rows n JOIN organizations o ON o.id = n.organization_id
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (organization_id, kind, bucket, last_day) DO UPDATE SET contacts = c.contacts + excluded.contacts;
  ELSE
    INSERT INTO dashboard_attribution_counts AS c (organization_id, kind, bucket, last_day, contacts)
    SELECT r.organization_id, r.kind, r.bucket, r.last_day, -count(*)
    FROM old_rows r JOIN organizations o ON o.id = r.organization_id
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (organization_id, kind, bucket, last_day) DO UPDATE SET contacts = c.contacts + excluded.contacts;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER dashboard_attributions_inserted AFTER INSERT ON dashboard_attributions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_attributions_counted();
CREATE TRIGGER dashboard_attributions_deleted AFTER DELETE ON dashboard_attributions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_attributions_counted();

-- A change to scheduled_emails as (organization, contact, sent_at, type) rows of counted sends (status sent,
-- production, sent_at set) leaving (old) and entering (new); identical pairs cancel, so an update that
-- touches other columns of a sent row changes nothing here.
CREATE OR REPLACE FUNCTION dashboard_send_delta(
  o_org uuid[], o_contact uuid[], o_at timestamptz[], o_type text[],
  n_org uuid[], n_contact uuid[], n_at timestamptz[], n_type text[]
) RETURNS TABLE (organization_id uuid, contact_id uuid, sent_at timestamptz, email_type text, sign int)
  LANGUAGE sql
  AS $$
  WITH o AS (SELECT * FROM unnest(o_org, o_contact, o_at, o_type) AS t(organization_id, contact_id, sent_at, email_type)),
       n AS (SELECT * FROM unnest(n_org, n_contact, n_at, n_type) AS t(organization_id, contact_id, sent_at, email_type))
  SELECT *, -1 FROM (SELECT * FROM o EXCEPT ALL SELECT * FROM n) removed
  UNION ALL
  SELECT *, 1 FROM (SELECT * FROM n EXCEPT ALL SELECT * FROM o) added
$$;

CREATE OR REPLACE FUNCTION dashboard_apply_send_changes(
  o_org uuid[], o_contact uuid[], o_at timestamptz[], o_type text[],
  n_org uuid[], n_contact uuid[], n_at timestamptz[], n_type text[]
) RETURNS void
  LANGUAGE plpgsql
  AS $$
DECLARE
  quote_orgs uuid[];
  quote_contacts uuid[];
BEGIN
  INSERT INTO dashboard_days AS d (organization_id, day, quote_sends, manual_quote_sends, follow_up_emails)
  SELECT c.organization_id, (c.sent_at AT TIME ZONE o.timezone)::date,
         coalesce(sum(c.sign) FILTER (WHERE c.email_type NOT LIKE 'followup%'), 0),
         coalesce(sum(c.sign) FILTER (WHERE c.email_type = 'quote_email'), 0),
         coalesce(sum(c.sign) FILTER (WHERE c.email_type LIKE 'followup%'), 0)
  FROM dashboard_send_delta(o_org, o_contact, o_at, o_type, n_org, n_contact, n_at, n_type) c
  JOIN organizations o ON o.id = c.organization_id
  GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (organization_id, day) DO UPDATE SET
    quote_sends = d.quote_sends + excluded.quote_sends,
    manual_quote_sends = d.manual_quote_sends + excluded.manual_quote_sends,
    follow_up_emails = d.follow_up_emails + excluded.follow_up_emails;

  SELECT array_agg(q.organization_id), array_agg(q.contact_id) INTO quote_orgs, quote_contacts
  FROM (
    SELECT DISTINCT c.organization_id, c.contact_id
    FROM dashboard_send_delta(o_org, o_contact, o_at, o_type, n_org, n_contact, n_at, n_type) c
    WHERE c.email_type NOT LIKE 'followup%'
  ) q;
  IF quote_orgs IS NOT NULL THEN
    PERFORM dashboard_refresh_attributions(quote_orgs, quote_contacts);
  END IF;
END
$$;

CREATE OR REPLACE FUNCTION dashboard_scheduled_emails_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  o_org uuid[] := '{}'; o_contact uuid[] := '{}'; o_at timestamptz[] := '{}'; o_type text[] := '{}';
  n_org uuid[] := '{}'; n_contact uuid[] := '{}'; n_at timestamptz[] := '{}'; n_type text[] := '{}';
BEGIN
  IF TG_OP <> 'INSERT' THEN
    SELECT coalesce(array_agg(organization_id), '{}'), coalesce(array_agg(contact_id), '{}'),
           coalesce(array_agg(sent_at), '{}'), coalesce(array_agg(email_type), '{}')
    INTO o_org, o_contact, o_at, o_type
    FROM old_rows WHERE status = 'sent' AND send_mode = 'production' AND sent_at IS NOT NULL;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    SELECT coalesce(array_agg(organization_id), '{}'), coalesce(array_agg(contact_id), '{}'),
           coalesce(array_agg(sent_at), '{}'), coalesce(array_agg(email_type), '{}')
    INTO n_org, n_contact, n_at, n_type
    FROM new_rows WHERE status = 'sent' AND send_mode = 'production' AND sent_at IS NOT NULL;
  END IF;
  IF cardinality(o_org) > 0 OR cardinality(n_org) > 0 THEN
    PERFORM dashboard_apply_send_changes(o_org, o_contact, o_at, o_type, n_org, n_contact, n_at, n_type);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER dashboard_scheduled_emails_inserted AFTER INSERT ON scheduled_emails
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_scheduled_emails_changed();
CREATE TRIGGER dashboard_scheduled_emails_updated AFTER UPDATE ON scheduled_emails
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_scheduled_emails_changed();
CREATE TRIGGER dashboard_scheduled_emails_deleted AFTER DELETE ON scheduled_emails
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_scheduled_emails_changed();

-- Clicks and answers (the trigger's argument names the instant column): the contacts whose (contact,
-- instant) rows changed get their attributions recomputed; an update of other columns changes nothing.
CREATE OR REPLACE FUNCTION dashboard_contact_activity_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  orgs uuid[];
  contacts uuid[];
  removed text := CASE WHEN TG_OP = 'INSERT' THEN '(SELECT * FROM new_rows WHERE false)' ELSE 'old_rows' END;
  added text := CASE WHEN TG_OP = 'DELETE' THEN '(SELECT * FROM old_rows WHERE false)' ELSE 'new_rows' END;
BEGIN
  EXECUTE format(
    'SELECT array_agg(organization_id), array_agg(contact_id) FROM (
       (SELECT organization_id, contact_id, %1$I FROM %2$s r EXCEPT ALL SELECT organization_id, contact_id, %1$I FROM %3$s a)
       UNION ALL
       (SELECT organization_id, contact_id, %1$I FROM %3$s a EXCEPT ALL SELECT organization_id, contact_id, %1$I FROM %2$s r)
     ) changed WHERE contact_id IS NOT NULL',
    TG_ARGV[0], removed, added)
  INTO orgs, contacts;
  IF orgs IS NOT NULL THEN
    PERFORM dashboard_refresh_attributions(orgs, contacts);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER dashboard_tracking_clicks_inserted AFTER INSERT ON tracking_clicks
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_contact_activity_changed('clicked_at');
CREATE TRIGGER dashboard_tracking_clicks_updated AFTER UPDATE ON tracking_clicks
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_contact_activity_changed('clicked_at');
CREATE TRIGGER dashboard_tracking_clicks_deleted AFTER DELETE ON tracking_clicks
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_contact_activity_changed('clicked_at');
CREATE TRIGGER dashboard_eligibility_answers_inserted AFTER INSERT ON eligibility_answers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_contact_activity_changed('created_at');
CREATE TRIGGER dashboard_eligibility_answers_updated AFTER UPDATE ON eligibility_answers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_contact_activity_changed('created_at');
CREATE TRIGGER dashboard_eligibility_answers_deleted AFTER DELETE ON eligibility_answers
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_contact_activity_changed('created_at');

-- Follow-up requests: +1 / -1 on the local day of created_at.
CREATE OR REPLACE FUNCTION dashboard_add_requests(orgs uuid[], instants timestamptz[], signs int[]) RETURNS void
  LANGUAGE sql
  AS $$
  INSERT INTO dashboard_days AS d (organization_id, day, follow_up_requests)
  SELECT c.organization_id, (c.created_at AT TIME ZONE o.timezone)::date, sum(c.sign)
  FROM unnest(orgs, instants, signs) AS c(organization_id, created_at, sign)
  JOIN organizations o ON o.id = c.organization_id
  GROUP BY 1, 2 HAVING sum(c.sign) <> 0 ORDER BY 1, 2
  ON CONFLICT (organization_id, day) DO UPDATE SET follow_up_requests = d.follow_up_requests + excluded.follow_up_requests
$$;

CREATE OR REPLACE FUNCTION dashboard_follow_up_requests_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM dashboard_add_requests(array_agg(organization_id), array_agg(created_at), array_agg(1)) FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM dashboard_add_requests(array_agg(organization_id), array_agg(created_at), array_agg(-1)) FROM old_rows;
  ELSE
    PERFORM dashboard_add_requests(array_agg(organization_id), array_agg(created_at), array_agg(sign))
    FROM (SELECT organization_id, created_at, -1 AS sign FROM old_rows UNION ALL SELECT organization_id, created_at, 1 FROM new_rows) c;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER dashboard_follow_up_requests_inserted AFTER INSERT ON follow_up_requests
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_follow_up_requests_changed();
CREATE TRIGGER dashboard_follow_up_requests_updated AFTER UPDATE ON follow_up_requests
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_follow_up_requests_changed();
CREATE TRIGGER dashboard_follow_up_requests_deleted AFTER DELETE ON follow_up_requests
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_follow_up_requests_changed();

-- An organization's rollups from scratch: the backfill below, a time-zone change (local days move), and bulk
-- loads that run with the triggers disabled (bench/dashboard.ts).
CREATE OR REPLACE FUNCTION dashboard_rebuild(org uuid) RETURNS void
  LANGUAGE plpgsql
  AS $$
DECLARE
  zone text := (SELECT timezone FROM organizations WHERE id = org);
  quote_contacts uuid[];
BEGIN
  DELETE FROM dashboard_days WHERE organization_id = org;
  INSERT INTO dashboard_days (organization_id, day, quote_sends, manual_quote_sends, follow_up_emails, follow_up_requests)
  SELECT org, day, sum(quote_sends), sum(manual_quote_sends), sum(follow_up_emails), sum(follow_up_requests)
  FROM (
    SELECT (sent_at AT TIME ZONE zone)::date AS day,
           count(*) FILTER (WHERE email_type NOT LIKE 'followup%') AS quote_sends,
           count(*) FILTER (WHERE email_type = 'quote_email') AS manual_quote_sends,
           count(*) FILTER (WHERE email_type LIKE 'followup%') AS follow_up_emails,
           0 AS follow_up_requests
    FROM scheduled_emails
    WHERE organization_id = org AND status = 'sent' AND send_mode = 'production' AND sent_at IS NOT NULL
    GROUP BY 1
    UNION ALL
    SELECT (created_at AT TIME ZONE zone)::date, 0, 0, 0, count(*)
    FROM follow_up_requests WHERE organization_id = org GROUP BY 1
  ) per_day
  WHERE zone IS NOT NULL
  GROUP BY day;

  DELETE FROM dashboard_attributions WHERE organization_id = org;
  DELETE FROM dashboard_attribution_counts WHERE organization_id = org;
  SELECT array_agg(DISTINCT contact_id) INTO quote_contacts
  FROM scheduled_emails
  WHERE organization_id = org AND status = 'sent' AND send_mode = 'production' AND sent_at IS NOT NULL
    AND email_type NOT LIKE 'followup%';
  IF quote_contacts IS NOT NULL THEN
    PERFORM dashboard_refresh_attributions(array_fill(org, ARRAY[cardinality(quote_contacts)]), quote_contacts);
  END IF;
END
$$;

CREATE OR REPLACE FUNCTION dashboard_timezone_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM dashboard_rebuild(NEW.id);
  RETURN NULL;
END
$$;

CREATE TRIGGER dashboard_timezone_changed AFTER UPDATE OF timezone ON organizations
  FOR EACH ROW WHEN (OLD.timezone IS DISTINCT FROM NEW.timezone) EXECUTE FUNCTION dashboard_timezone_changed();

-- Backfill.
SELECT dashboard_rebuild(id) FROM organizations;
