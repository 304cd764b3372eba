-- DropIndex
DROP INDEX "scheduled_emails_campaign_instance_id_idx";

-- DropIndex
DROP INDEX "scheduled_emails_scheduler_run_id_idx";
