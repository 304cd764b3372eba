-- #19 point 2: every claim and every send updates a row's status, so each writes an entry into every index of
-- scheduled_emails. This one no longer has a reader: the sweep's claim and its takeover of stale claims read
-- the partial indexes of …_sweep_scale (pending rows by send time, "sending" rows by last attempt), and the
-- tenant reads, under row-level security, cannot use `status = …` as an index condition (the enum's "=" is
-- not leakproof) and start from the organization or the contact.
-- DropIndex
DROP INDEX "scheduled_emails_status_scheduled_send_at_idx";
