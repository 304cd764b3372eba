-- The contact list as it opens (no filter, no search) shows the book's size. At 1,000,000 contacts that count
-- scanned the organization's rows (p50 392 ms for the first page in bench/contacts-query, 2026-11-30T10:02Z),
-- because the book's condition (lib/contacts/book.ts) needs columns no small index holds. This index keys the
-- organization over the book's rows only, so the count is an index-only scan of its deduplicated entries
-- (~7 MB at 1,000,000 contacts; 58–64 ms against 240–270 ms for the same count, psql, the bench's data).
-- status and unverified_since were already indexed columns, so no update that was HOT stops being HOT.
--
-- listedCountSql (lib/contacts/list-contacts-page.ts) sends the status as a parameter; PostgreSQL plans an
-- unnamed statement with its parameters' values and proves the predicate (list-contacts.test.ts checks the plan).
-- Written by hand: Prisma does not model partial indexes, so `db:migrate:check` ignores this one.
CREATE INDEX "contacts_book_count_idx" ON "contacts" ("organization_id")
  WHERE "status" <> 'temp' AND "unverified_since" IS NULL;
