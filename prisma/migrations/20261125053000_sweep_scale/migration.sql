-- AlterTable
ALTER TABLE "outbox_emails" ADD COLUMN     "batch_key" TEXT;

-- CreateIndex
CREATE INDEX "outbox_emails_batch_key_idx" ON "outbox_emails"("batch_key");

-- The minute sweep's claim (lib/outreach/sweep.ts claimDueEmails) at 30 million rows (#19 point 2): due
-- pending rows in send order, read from the front of an index that holds only pending rows, so a claim
-- reads its batch and stops, whatever the size of the table. Rows left "sending" by a sweeper that died
-- are few; their own index keeps the takeover query from scanning anything else.
-- Written by hand: Prisma does not model partial indexes, so `db:migrate:check` ignores them.
CREATE INDEX "scheduled_emails_pending_due_idx" ON "scheduled_emails" ("scheduled_send_at", "priority", "id") WHERE "status" = 'pending';
CREATE INDEX "scheduled_emails_sending_claimed_idx" ON "scheduled_emails" ("last_attempt_at") WHERE "status" = 'sending';
