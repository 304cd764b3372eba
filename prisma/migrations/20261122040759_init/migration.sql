-- CreateEnum
CREATE TYPE "Gender" AS ENUM ('M', 'F');

-- CreateEnum
CREATE TYPE "ContactSource" AS ENUM ('manual', 'csv', 'self_onboarding', 'seed');

-- CreateEnum
CREATE TYPE "ScheduledEmailStatus" AS ENUM ('pending', 'sending', 'sent', 'failed', 'skipped', 'cancelled');

-- CreateEnum
CREATE TYPE "SendMode" AS ENUM ('test', 'production');

-- CreateEnum
CREATE TYPE "EmailEventType" AS ENUM ('sent', 'delivered', 'opened', 'clicked', 'bounced', 'unsubscribed', 'complained', 'failed');

-- CreateEnum
CREATE TYPE "CampaignType" AS ENUM ('rate_increase', 'aep', 'initial_blast', 'seasonal_promo', 'regulatory_notice', 'policy_update');

-- CreateEnum
CREATE TYPE "CampaignInstanceStatus" AS ENUM ('draft', 'active', 'paused', 'completed', 'cancelled');

-- CreateEnum
CREATE TYPE "ContactCampaignStatus" AS ENUM ('pending', 'scheduled', 'sent', 'skipped');

-- CreateEnum
CREATE TYPE "SchedulerRunStatus" AS ENUM ('running', 'completed', 'failed');

-- CreateEnum
CREATE TYPE "FollowUpRequestType" AS ENUM ('accept', 'decline', 'general', 'callback');

-- CreateEnum
CREATE TYPE "ImportJobStatus" AS ENUM ('pending', 'processing', 'completed', 'failed');

-- CreateEnum
CREATE TYPE "RatingAreaKind" AS ENUM ('zip5', 'zip3', 'county', 'state');

-- CreateEnum
CREATE TYPE "RatingMethod" AS ENUM ('attained_age', 'issue_age', 'community');

-- CreateEnum
CREATE TYPE "SwitchRuleType" AS ENUM ('birthday', 'anniversary', 'year_round');

-- CreateEnum
CREATE TYPE "SwitchRuleAnchor" AS ENUM ('birthday', 'birth_month_start', 'policy_anniversary', 'none');

-- CreateEnum
CREATE TYPE "EmailTransport" AS ENUM ('outbox', 'resend');

-- CreateEnum
CREATE TYPE "OutboxEmailStatus" AS ENUM ('stored', 'sending', 'sent', 'failed');

-- CreateTable
CREATE TABLE "organizations" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "brand_name" TEXT,
    "logo" BYTEA,
    "logo_mime_type" TEXT,
    "logo_updated_at" TIMESTAMPTZ(3),
    "primary_color" TEXT NOT NULL DEFAULT '#6B46C1',
    "secondary_color" TEXT NOT NULL DEFAULT '#9F7AEA',
    "phone" TEXT,
    "website" TEXT,
    "redirect_url" TEXT,
    "signature" TEXT NOT NULL DEFAULT '',
    "org_signature" BOOLEAN NOT NULL DEFAULT false,
    "carrier_contracts" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "state_licenses" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "state_carrier_settings" JSONB NOT NULL DEFAULT '[]',
    "allow_agent_settings" BOOLEAN NOT NULL DEFAULT false,
    "email_send_birthday" BOOLEAN NOT NULL DEFAULT false,
    "email_send_policy_anniversary" BOOLEAN NOT NULL DEFAULT false,
    "email_send_aep" BOOLEAN NOT NULL DEFAULT false,
    "smart_send_enabled" BOOLEAN NOT NULL DEFAULT false,
    "force_org_sender_details" BOOLEAN NOT NULL DEFAULT true,
    "hide_medicare_advantage" BOOLEAN NOT NULL DEFAULT false,
    "calendar_enabled" BOOLEAN NOT NULL DEFAULT true,
    "phone_enabled" BOOLEAN NOT NULL DEFAULT true,
    "callback_enabled" BOOLEAN NOT NULL DEFAULT true,
    "contact_outreach_delay_years" INTEGER NOT NULL DEFAULT 1,
    "outreach_birthday" BOOLEAN NOT NULL DEFAULT true,
    "outreach_enrollment_anniversary" BOOLEAN NOT NULL DEFAULT true,
    "outreach_schedule_increase" BOOLEAN NOT NULL DEFAULT true,
    "outreach_aep" BOOLEAN NOT NULL DEFAULT true,
    "failed_underwriting_outreach_enabled" BOOLEAN NOT NULL DEFAULT false,
    "failed_underwriting_outreach_frequency" TEXT NOT NULL DEFAULT 'annual',
    "failed_underwriting_outreach_timing" TEXT NOT NULL DEFAULT 'birthday',
    "mn_default_riders" TEXT[] DEFAULT ARRAY['part_a_deductible', 'part_b_excess']::TEXT[],
    "wi_default_riders" TEXT[] DEFAULT ARRAY['part_a_deductible', 'part_b_excess']::TEXT[],
    "ma_default_riders" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "timezone" TEXT NOT NULL DEFAULT 'America/Chicago',
    "send_time_hour" INTEGER NOT NULL DEFAULT 8,
    "send_time_minute" INTEGER NOT NULL DEFAULT 30,
    "birthday_days_before" INTEGER NOT NULL DEFAULT 14,
    "effective_date_days_before" INTEGER NOT NULL DEFAULT 30,
    "effective_date_first_email_months" INTEGER NOT NULL DEFAULT 11,
    "max_emails_per_period" INTEGER NOT NULL DEFAULT 3,
    "frequency_period_days" INTEGER NOT NULL DEFAULT 30,
    "enable_post_window_emails" BOOLEAN NOT NULL DEFAULT true,
    "exclude_failed_underwriting_global" BOOLEAN NOT NULL DEFAULT false,
    "send_without_zipcode_for_universal" BOOLEAN NOT NULL DEFAULT true,
    "pre_exclusion_buffer_days" INTEGER NOT NULL DEFAULT 60,
    "state_buffer_days" JSONB NOT NULL DEFAULT '{}',
    "size_profile" TEXT NOT NULL DEFAULT 'medium',
    "config_overrides" JSONB NOT NULL DEFAULT '{}',
    "regular_scheduling_active" BOOLEAN NOT NULL DEFAULT false,
    "followup_scheduling_active" BOOLEAN NOT NULL DEFAULT false,
    "demo_mode" BOOLEAN NOT NULL DEFAULT true,
    "go_live_date" DATE,
    "went_live_at" TIMESTAMPTZ(3),
    "onboarding_step" INTEGER NOT NULL DEFAULT 0,
    "onboarding_completed" BOOLEAN NOT NULL DEFAULT false,
    "is_sample_data" BOOLEAN NOT NULL DEFAULT false,
    "subscription_tier_id" TEXT,
    "subscription_status" TEXT NOT NULL DEFAULT 'none',
    "agent_limit" INTEGER NOT NULL DEFAULT 1,
    "contact_limit" INTEGER NOT NULL DEFAULT 500,
    "extra_agents" INTEGER NOT NULL DEFAULT 0,
    "extra_contacts" INTEGER NOT NULL DEFAULT 0,
    "current_period_end" TIMESTAMPTZ(3),
    "cancel_at_period_end" BOOLEAN NOT NULL DEFAULT false,
    "payment_status" TEXT NOT NULL DEFAULT 'no_subscription',
    "payment_failure_count" INTEGER NOT NULL DEFAULT 0,
    "payment_completed" BOOLEAN NOT NULL DEFAULT false,
    "last_payment_at" TIMESTAMPTZ(3),
    "stripe_customer_id" TEXT,
    "stripe_subscription_id" TEXT,
    "stripe_usage_item_id" TEXT,
    "stripe_checkout_session_id" TEXT,
    "billing_disabled" BOOLEAN NOT NULL DEFAULT false,
    "default_agent_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "organizations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "users" (
    "id" UUID NOT NULL,
    "name" TEXT,
    "email" TEXT NOT NULL,
    "email_verified" TIMESTAMPTZ(3),
    "image" TEXT,
    "organization_id" UUID NOT NULL,
    "first_name" TEXT NOT NULL DEFAULT '',
    "last_name" TEXT NOT NULL DEFAULT '',
    "phone" TEXT,
    "is_admin" BOOLEAN NOT NULL DEFAULT false,
    "is_agent" BOOLEAN NOT NULL DEFAULT true,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "can_manage_billing" BOOLEAN NOT NULL DEFAULT false,
    "signature" TEXT NOT NULL DEFAULT '',
    "booking_link" TEXT,
    "use_org_sender_details" BOOLEAN NOT NULL DEFAULT true,
    "phone_enabled" BOOLEAN NOT NULL DEFAULT true,
    "calendar_enabled" BOOLEAN NOT NULL DEFAULT false,
    "carriers" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "state_licenses" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "inherit_org_settings" BOOLEAN NOT NULL DEFAULT true,
    "agent_settings" JSONB NOT NULL DEFAULT '{}',
    "has_completed_walkthrough" BOOLEAN NOT NULL DEFAULT false,
    "last_login_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "accounts" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "provider_account_id" TEXT NOT NULL,
    "refresh_token" TEXT,
    "access_token" TEXT,
    "expires_at" INTEGER,
    "token_type" TEXT,
    "scope" TEXT,
    "id_token" TEXT,
    "session_state" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "accounts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sessions" (
    "id" UUID NOT NULL,
    "session_token" TEXT NOT NULL,
    "user_id" UUID NOT NULL,
    "expires" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "verification_tokens" (
    "identifier" TEXT NOT NULL,
    "token" TEXT NOT NULL,
    "expires" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "verification_tokens_pkey" PRIMARY KEY ("identifier","token")
);

-- CreateTable
CREATE TABLE "contacts" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "first_name" TEXT NOT NULL,
    "last_name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "phone_number" TEXT,
    "state" TEXT,
    "zip_code" TEXT,
    "county" TEXT,
    "county_fips" TEXT,
    "gender" "Gender",
    "tobacco_user" BOOLEAN NOT NULL DEFAULT false,
    "birth_date" DATE,
    "effective_date" DATE,
    "current_carrier" TEXT,
    "current_carrier_naic" TEXT,
    "plan_type" TEXT,
    "status" TEXT NOT NULL DEFAULT 'New',
    "agent_id" UUID,
    "contact_owner_id" UUID,
    "current_premium_cents" INTEGER,
    "has_current_plan" BOOLEAN NOT NULL DEFAULT true,
    "opt_in_quarterly_updates" BOOLEAN NOT NULL DEFAULT false,
    "source" "ContactSource" NOT NULL DEFAULT 'manual',
    "aep_request" BOOLEAN NOT NULL DEFAULT false,
    "aep_requested_at" TIMESTAMPTZ(3),
    "last_emailed_at" TIMESTAMPTZ(3),
    "unsubscribed_at" TIMESTAMPTZ(3),
    "do_not_communicate" BOOLEAN NOT NULL DEFAULT false,
    "search_text" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "contacts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "contact_events" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "contact_id" UUID,
    "event_type" TEXT NOT NULL,
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "contact_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "scheduled_emails" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "contact_id" UUID NOT NULL,
    "email_type" TEXT NOT NULL,
    "scheduled_send_date" DATE NOT NULL,
    "scheduled_send_at" TIMESTAMPTZ(3) NOT NULL,
    "status" "ScheduledEmailStatus" NOT NULL DEFAULT 'pending',
    "skip_reason" TEXT,
    "priority" INTEGER NOT NULL DEFAULT 50,
    "send_mode" "SendMode" NOT NULL DEFAULT 'test',
    "idempotency_key" TEXT NOT NULL,
    "event_date" DATE,
    "tracking_id" TEXT,
    "recipient_email" TEXT,
    "provider_message_id" TEXT,
    "attempt_count" INTEGER NOT NULL DEFAULT 0,
    "last_attempt_at" TIMESTAMPTZ(3),
    "last_error" TEXT,
    "sent_at" TIMESTAMPTZ(3),
    "campaign_instance_id" UUID,
    "scheduler_run_id" UUID,
    "parent_email_id" UUID,
    "metadata" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "scheduled_emails_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "email_events" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "contact_id" UUID,
    "scheduled_email_id" UUID,
    "type" "EmailEventType" NOT NULL,
    "provider_message_id" TEXT,
    "provider_event_id" TEXT,
    "occurred_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "email_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "campaign_instances" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "campaign_type" "CampaignType" NOT NULL,
    "name" TEXT NOT NULL,
    "status" "CampaignInstanceStatus" NOT NULL DEFAULT 'draft',
    "start_date" DATE NOT NULL,
    "end_date" DATE,
    "spread_evenly" BOOLEAN NOT NULL DEFAULT false,
    "spread_start_date" DATE,
    "spread_end_date" DATE,
    "days_before_event" INTEGER NOT NULL DEFAULT 0,
    "priority" INTEGER NOT NULL DEFAULT 30,
    "respect_exclusion_windows" BOOLEAN NOT NULL DEFAULT true,
    "enable_followups" BOOLEAN NOT NULL DEFAULT true,
    "target_all_contacts" BOOLEAN NOT NULL DEFAULT false,
    "target_states" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "target_carriers" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "skip_failed_underwriting" BOOLEAN NOT NULL DEFAULT false,
    "email_template" TEXT,
    "sms_template" TEXT,
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "created_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "campaign_instances_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "contact_campaigns" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "contact_id" UUID NOT NULL,
    "campaign_instance_id" UUID NOT NULL,
    "trigger_date" DATE NOT NULL,
    "status" "ContactCampaignStatus" NOT NULL DEFAULT 'pending',
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "contact_campaigns_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "scheduler_runs" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "status" "SchedulerRunStatus" NOT NULL DEFAULT 'running',
    "contacts_checksum" TEXT,
    "processed_count" INTEGER NOT NULL DEFAULT 0,
    "scheduled_count" INTEGER NOT NULL DEFAULT 0,
    "skipped_count" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "scheduler_runs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "quote_links" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "contact_id" UUID,
    "token" TEXT NOT NULL,
    "plan_type" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3),
    "last_viewed_at" TIMESTAMPTZ(3),
    "view_count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "quote_links_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "tracking_clicks" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "contact_id" UUID,
    "quote_link_id" UUID,
    "tracking_id" TEXT NOT NULL,
    "clicked_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "path" TEXT,
    "user_agent" TEXT,

    CONSTRAINT "tracking_clicks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "eligibility_answers" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "contact_id" UUID,
    "quote_link_id" UUID,
    "answers" JSONB NOT NULL,
    "has_conditions" BOOLEAN NOT NULL,
    "main_questions_yes_count" INTEGER NOT NULL DEFAULT 0,
    "status" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "eligibility_answers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "follow_up_requests" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "contact_id" UUID,
    "quote_link_id" UUID,
    "type" "FollowUpRequestType" NOT NULL,
    "contact_name" TEXT,
    "contact_email" TEXT,
    "contact_phone" TEXT,
    "plan_type" TEXT,
    "message" TEXT,
    "handled_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "follow_up_requests_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "waitlist_entries" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "phone" TEXT NOT NULL,
    "num_agents" INTEGER NOT NULL,
    "book_size" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "waitlist_entries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "contact_messages" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "phone" TEXT,
    "message" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "contact_messages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "subscription_tiers" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "price_cents" INTEGER NOT NULL,
    "agent_limit" INTEGER NOT NULL,
    "contact_limit" INTEGER NOT NULL,
    "features" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "sort_order" INTEGER NOT NULL DEFAULT 0,
    "is_contact_us" BOOLEAN NOT NULL DEFAULT false,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "stripe_price_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "subscription_tiers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "billing_usage_reports" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "contact_count" INTEGER NOT NULL,
    "billing_cycle_key" TEXT,
    "stripe_subscription_item_id" TEXT,
    "stripe_usage_record_id" TEXT,
    "idempotency_key" TEXT,
    "error" TEXT,
    "reported_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "billing_usage_reports_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "stripe_events" (
    "id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "processed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "stripe_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "import_jobs" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "status" "ImportJobStatus" NOT NULL DEFAULT 'pending',
    "file_name" TEXT,
    "total_rows" INTEGER NOT NULL DEFAULT 0,
    "added_count" INTEGER NOT NULL DEFAULT 0,
    "updated_count" INTEGER NOT NULL DEFAULT 0,
    "skipped_count" INTEGER NOT NULL DEFAULT 0,
    "error_count" INTEGER NOT NULL DEFAULT 0,
    "carrier_conversion_count" INTEGER NOT NULL DEFAULT 0,
    "invalid_emails" JSONB NOT NULL DEFAULT '[]',
    "error_rows" JSONB NOT NULL DEFAULT '[]',
    "unrecognized_carrier_rows" JSONB NOT NULL DEFAULT '[]',
    "column_mapping" JSONB,
    "carrier_mapping" JSONB,
    "plan_mapping" JSONB,
    "overwrite_existing" BOOLEAN NOT NULL DEFAULT false,
    "agent_id" UUID,
    "created_by_id" UUID,
    "error_message" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "import_jobs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "audit_logs" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "actor_user_id" UUID,
    "action" TEXT NOT NULL,
    "entity_type" TEXT,
    "entity_id" TEXT,
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "audit_logs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "outbox_emails" (
    "id" UUID NOT NULL,
    "to" TEXT NOT NULL,
    "original_to" TEXT NOT NULL,
    "from" TEXT NOT NULL,
    "reply_to" TEXT,
    "subject" TEXT NOT NULL,
    "html" TEXT NOT NULL,
    "text" TEXT,
    "headers" JSONB NOT NULL DEFAULT '{}',
    "tags" JSONB NOT NULL DEFAULT '{}',
    "idempotency_key" TEXT NOT NULL,
    "test_mode" BOOLEAN NOT NULL DEFAULT false,
    "transport" "EmailTransport" NOT NULL,
    "status" "OutboxEmailStatus" NOT NULL,
    "provider_message_id" TEXT,
    "attempt_count" INTEGER NOT NULL DEFAULT 1,
    "last_error" TEXT,
    "sent_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "outbox_emails_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "rate_limit_buckets" (
    "key" TEXT NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,
    "window_start" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "reset_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "rate_limit_buckets_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "carriers" (
    "id" UUID NOT NULL,
    "naic" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "name_full" TEXT,
    "group_name" TEXT,
    "group_naic" TEXT,
    "aliases" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "logo_url" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "carriers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "rate_books" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "is_sample" BOOLEAN NOT NULL DEFAULT false,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "source" TEXT,
    "notes" TEXT,
    "loaded_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "rate_books_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "rating_areas" (
    "id" UUID NOT NULL,
    "rate_book_id" UUID NOT NULL,
    "carrier_naic" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "kind" "RatingAreaKind" NOT NULL,
    "code" TEXT NOT NULL,
    "area_code" TEXT NOT NULL,

    CONSTRAINT "rating_areas_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "rate_filings" (
    "id" UUID NOT NULL,
    "rate_book_id" UUID NOT NULL,
    "carrier_naic" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "effective_date" DATE NOT NULL,
    "rating_method" "RatingMethod" NOT NULL,
    "policy_fee_cents" INTEGER NOT NULL DEFAULT 0,
    "plan_design_note" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "rate_filings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "rate_cells" (
    "id" UUID NOT NULL,
    "filing_id" UUID NOT NULL,
    "plan" TEXT NOT NULL,
    "area_code" TEXT NOT NULL,
    "age" INTEGER NOT NULL,
    "gender" "Gender",
    "tobacco" BOOLEAN NOT NULL,
    "rate_cents" INTEGER NOT NULL,
    "household_rate_cents" INTEGER,

    CONSTRAINT "rate_cells_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "household_discounts" (
    "id" UUID NOT NULL,
    "filing_id" UUID,
    "carrier_naic" TEXT,
    "carrier_label" TEXT,
    "state" TEXT,
    "pct_bps" INTEGER,
    "category" TEXT,
    "eligibility" TEXT,
    "min_cohabitant_age" INTEGER,
    "spouse_or_partner_only" BOOLEAN,
    "cohabitation_months" INTEGER,
    "same_membership_number" BOOLEAN,
    "extras" JSONB NOT NULL DEFAULT '{}',
    "description" TEXT,

    CONSTRAINT "household_discounts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "rider_rates" (
    "id" UUID NOT NULL,
    "filing_id" UUID NOT NULL,
    "rider_id" TEXT NOT NULL,
    "plan" TEXT,
    "area_code" TEXT,
    "age" INTEGER,
    "rate_cents" INTEGER NOT NULL,

    CONSTRAINT "rider_rates_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "state_switch_rules" (
    "state" TEXT NOT NULL,
    "rule_type" "SwitchRuleType" NOT NULL,
    "anchor" "SwitchRuleAnchor" NOT NULL,
    "window_start_days_before" INTEGER NOT NULL DEFAULT 0,
    "window_length_days" INTEGER NOT NULL DEFAULT 0,
    "different_plan_only" BOOLEAN NOT NULL DEFAULT false,
    "constraints" JSONB NOT NULL DEFAULT '{}',
    "age_min" INTEGER,
    "age_max" INTEGER,
    "since" TEXT,
    "notes" TEXT,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "state_switch_rules_pkey" PRIMARY KEY ("state")
);

-- CreateTable
CREATE TABLE "gi_recommendations" (
    "id" UUID NOT NULL,
    "state" TEXT NOT NULL,
    "carrier_naic" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "gi_recommendations_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "organizations_slug_key" ON "organizations"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "organizations_stripe_customer_id_key" ON "organizations"("stripe_customer_id");

-- CreateIndex
CREATE UNIQUE INDEX "organizations_stripe_subscription_id_key" ON "organizations"("stripe_subscription_id");

-- CreateIndex
CREATE UNIQUE INDEX "organizations_default_agent_id_key" ON "organizations"("default_agent_id");

-- CreateIndex
CREATE INDEX "organizations_subscription_tier_id_idx" ON "organizations"("subscription_tier_id");

-- CreateIndex
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");

-- CreateIndex
CREATE INDEX "users_organization_id_is_active_idx" ON "users"("organization_id", "is_active");

-- CreateIndex
CREATE INDEX "accounts_user_id_idx" ON "accounts"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "accounts_provider_provider_account_id_key" ON "accounts"("provider", "provider_account_id");

-- CreateIndex
CREATE UNIQUE INDEX "sessions_session_token_key" ON "sessions"("session_token");

-- CreateIndex
CREATE INDEX "sessions_user_id_idx" ON "sessions"("user_id");

-- CreateIndex
CREATE INDEX "contacts_organization_id_state_idx" ON "contacts"("organization_id", "state");

-- CreateIndex
CREATE INDEX "contacts_organization_id_current_carrier_idx" ON "contacts"("organization_id", "current_carrier");

-- CreateIndex
CREATE INDEX "contacts_organization_id_agent_id_idx" ON "contacts"("organization_id", "agent_id");

-- CreateIndex
CREATE INDEX "contacts_organization_id_status_idx" ON "contacts"("organization_id", "status");

-- CreateIndex
CREATE INDEX "contacts_organization_id_created_at_idx" ON "contacts"("organization_id", "created_at");

-- CreateIndex
CREATE INDEX "contacts_organization_id_last_name_first_name_idx" ON "contacts"("organization_id", "last_name", "first_name");

-- CreateIndex
CREATE INDEX "contacts_agent_id_idx" ON "contacts"("agent_id");

-- CreateIndex
CREATE INDEX "contacts_contact_owner_id_idx" ON "contacts"("contact_owner_id");

-- CreateIndex
CREATE INDEX "contacts_search_text_trgm_idx" ON "contacts" USING GIN ("search_text" gin_trgm_ops);

-- CreateIndex
CREATE UNIQUE INDEX "contacts_organization_id_email_key" ON "contacts"("organization_id", "email");

-- CreateIndex
CREATE INDEX "contact_events_organization_id_event_type_created_at_idx" ON "contact_events"("organization_id", "event_type", "created_at");

-- CreateIndex
CREATE INDEX "contact_events_contact_id_event_type_created_at_idx" ON "contact_events"("contact_id", "event_type", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "scheduled_emails_idempotency_key_key" ON "scheduled_emails"("idempotency_key");

-- CreateIndex
CREATE INDEX "scheduled_emails_status_scheduled_send_at_idx" ON "scheduled_emails"("status", "scheduled_send_at");

-- CreateIndex
CREATE INDEX "scheduled_emails_organization_id_scheduled_send_date_idx" ON "scheduled_emails"("organization_id", "scheduled_send_date");

-- CreateIndex
CREATE INDEX "scheduled_emails_organization_id_status_sent_at_idx" ON "scheduled_emails"("organization_id", "status", "sent_at");

-- CreateIndex
CREATE INDEX "scheduled_emails_organization_id_email_type_sent_at_idx" ON "scheduled_emails"("organization_id", "email_type", "sent_at");

-- CreateIndex
CREATE INDEX "scheduled_emails_campaign_instance_id_idx" ON "scheduled_emails"("campaign_instance_id");

-- CreateIndex
CREATE INDEX "scheduled_emails_scheduler_run_id_idx" ON "scheduled_emails"("scheduler_run_id");

-- CreateIndex
CREATE INDEX "scheduled_emails_parent_email_id_idx" ON "scheduled_emails"("parent_email_id");

-- CreateIndex
CREATE INDEX "scheduled_emails_tracking_id_idx" ON "scheduled_emails"("tracking_id");

-- CreateIndex
CREATE INDEX "scheduled_emails_provider_message_id_idx" ON "scheduled_emails"("provider_message_id");

-- CreateIndex
CREATE UNIQUE INDEX "scheduled_emails_contact_id_email_type_scheduled_send_date_key" ON "scheduled_emails"("contact_id", "email_type", "scheduled_send_date");

-- CreateIndex
CREATE UNIQUE INDEX "email_events_provider_event_id_key" ON "email_events"("provider_event_id");

-- CreateIndex
CREATE INDEX "email_events_organization_id_type_occurred_at_idx" ON "email_events"("organization_id", "type", "occurred_at");

-- CreateIndex
CREATE INDEX "email_events_contact_id_occurred_at_idx" ON "email_events"("contact_id", "occurred_at");

-- CreateIndex
CREATE INDEX "email_events_scheduled_email_id_idx" ON "email_events"("scheduled_email_id");

-- CreateIndex
CREATE INDEX "email_events_provider_message_id_idx" ON "email_events"("provider_message_id");

-- CreateIndex
CREATE INDEX "campaign_instances_organization_id_status_start_date_idx" ON "campaign_instances"("organization_id", "status", "start_date");

-- CreateIndex
CREATE INDEX "campaign_instances_organization_id_campaign_type_idx" ON "campaign_instances"("organization_id", "campaign_type");

-- CreateIndex
CREATE INDEX "contact_campaigns_organization_id_campaign_instance_id_stat_idx" ON "contact_campaigns"("organization_id", "campaign_instance_id", "status");

-- CreateIndex
CREATE INDEX "contact_campaigns_campaign_instance_id_idx" ON "contact_campaigns"("campaign_instance_id");

-- CreateIndex
CREATE UNIQUE INDEX "contact_campaigns_contact_id_campaign_instance_id_trigger_d_key" ON "contact_campaigns"("contact_id", "campaign_instance_id", "trigger_date");

-- CreateIndex
CREATE INDEX "scheduler_runs_organization_id_started_at_idx" ON "scheduler_runs"("organization_id", "started_at");

-- CreateIndex
CREATE UNIQUE INDEX "quote_links_token_key" ON "quote_links"("token");

-- CreateIndex
CREATE INDEX "quote_links_organization_id_contact_id_idx" ON "quote_links"("organization_id", "contact_id");

-- CreateIndex
CREATE INDEX "quote_links_organization_id_created_at_idx" ON "quote_links"("organization_id", "created_at");

-- CreateIndex
CREATE INDEX "quote_links_contact_id_idx" ON "quote_links"("contact_id");

-- CreateIndex
CREATE INDEX "tracking_clicks_organization_id_clicked_at_idx" ON "tracking_clicks"("organization_id", "clicked_at");

-- CreateIndex
CREATE INDEX "tracking_clicks_contact_id_clicked_at_idx" ON "tracking_clicks"("contact_id", "clicked_at");

-- CreateIndex
CREATE INDEX "tracking_clicks_tracking_id_idx" ON "tracking_clicks"("tracking_id");

-- CreateIndex
CREATE INDEX "tracking_clicks_quote_link_id_idx" ON "tracking_clicks"("quote_link_id");

-- CreateIndex
CREATE INDEX "eligibility_answers_organization_id_created_at_idx" ON "eligibility_answers"("organization_id", "created_at");

-- CreateIndex
CREATE INDEX "eligibility_answers_contact_id_created_at_idx" ON "eligibility_answers"("contact_id", "created_at");

-- CreateIndex
CREATE INDEX "eligibility_answers_quote_link_id_idx" ON "eligibility_answers"("quote_link_id");

-- CreateIndex
CREATE INDEX "follow_up_requests_organization_id_created_at_idx" ON "follow_up_requests"("organization_id", "created_at");

-- CreateIndex
CREATE INDEX "follow_up_requests_contact_id_created_at_idx" ON "follow_up_requests"("contact_id", "created_at");

-- CreateIndex
CREATE INDEX "follow_up_requests_quote_link_id_idx" ON "follow_up_requests"("quote_link_id");

-- CreateIndex
CREATE INDEX "waitlist_entries_email_idx" ON "waitlist_entries"("email");

-- CreateIndex
CREATE INDEX "waitlist_entries_created_at_idx" ON "waitlist_entries"("created_at");

-- CreateIndex
CREATE INDEX "contact_messages_created_at_idx" ON "contact_messages"("created_at");

-- CreateIndex
CREATE UNIQUE INDEX "billing_usage_reports_idempotency_key_key" ON "billing_usage_reports"("idempotency_key");

-- CreateIndex
CREATE INDEX "billing_usage_reports_organization_id_reported_at_idx" ON "billing_usage_reports"("organization_id", "reported_at");

-- CreateIndex
CREATE INDEX "stripe_events_processed_at_idx" ON "stripe_events"("processed_at");

-- CreateIndex
CREATE INDEX "import_jobs_organization_id_created_at_idx" ON "import_jobs"("organization_id", "created_at");

-- CreateIndex
CREATE INDEX "import_jobs_agent_id_idx" ON "import_jobs"("agent_id");

-- CreateIndex
CREATE INDEX "import_jobs_created_by_id_idx" ON "import_jobs"("created_by_id");

-- CreateIndex
CREATE INDEX "audit_logs_organization_id_created_at_idx" ON "audit_logs"("organization_id", "created_at");

-- CreateIndex
CREATE INDEX "audit_logs_organization_id_entity_type_entity_id_idx" ON "audit_logs"("organization_id", "entity_type", "entity_id");

-- CreateIndex
CREATE INDEX "audit_logs_actor_user_id_idx" ON "audit_logs"("actor_user_id");

-- CreateIndex
CREATE UNIQUE INDEX "outbox_emails_idempotency_key_key" ON "outbox_emails"("idempotency_key");

-- CreateIndex
CREATE INDEX "outbox_emails_created_at_idx" ON "outbox_emails"("created_at" DESC);

-- CreateIndex
CREATE INDEX "outbox_emails_to_idx" ON "outbox_emails"("to");

-- CreateIndex
CREATE INDEX "rate_limit_buckets_reset_at_idx" ON "rate_limit_buckets"("reset_at");

-- CreateIndex
CREATE UNIQUE INDEX "carriers_naic_key" ON "carriers"("naic");

-- CreateIndex
CREATE INDEX "carriers_group_name_idx" ON "carriers"("group_name");

-- CreateIndex
CREATE INDEX "rate_books_is_active_idx" ON "rate_books"("is_active");

-- CreateIndex
CREATE INDEX "rating_areas_rate_book_id_state_kind_code_idx" ON "rating_areas"("rate_book_id", "state", "kind", "code");

-- CreateIndex
CREATE INDEX "rating_areas_carrier_naic_idx" ON "rating_areas"("carrier_naic");

-- CreateIndex
CREATE UNIQUE INDEX "rating_areas_rate_book_id_carrier_naic_state_kind_code_key" ON "rating_areas"("rate_book_id", "carrier_naic", "state", "kind", "code");

-- CreateIndex
CREATE INDEX "rate_filings_carrier_naic_state_effective_date_idx" ON "rate_filings"("carrier_naic", "state", "effective_date" DESC);

-- CreateIndex
CREATE INDEX "rate_filings_state_effective_date_idx" ON "rate_filings"("state", "effective_date");

-- CreateIndex
CREATE UNIQUE INDEX "rate_filings_rate_book_id_carrier_naic_state_effective_date_key" ON "rate_filings"("rate_book_id", "carrier_naic", "state", "effective_date");

-- CreateIndex
CREATE UNIQUE INDEX "rate_cells_filing_id_plan_area_code_age_gender_tobacco_key" ON "rate_cells"("filing_id", "plan", "area_code", "age", "gender", "tobacco");

-- CreateIndex
CREATE INDEX "household_discounts_filing_id_idx" ON "household_discounts"("filing_id");

-- CreateIndex
CREATE INDEX "household_discounts_carrier_naic_state_idx" ON "household_discounts"("carrier_naic", "state");

-- CreateIndex
CREATE INDEX "household_discounts_state_carrier_label_idx" ON "household_discounts"("state", "carrier_label");

-- CreateIndex
CREATE INDEX "rider_rates_filing_id_rider_id_idx" ON "rider_rates"("filing_id", "rider_id");

-- CreateIndex
CREATE INDEX "gi_recommendations_carrier_naic_idx" ON "gi_recommendations"("carrier_naic");

-- CreateIndex
CREATE UNIQUE INDEX "gi_recommendations_state_carrier_naic_key" ON "gi_recommendations"("state", "carrier_naic");

-- AddForeignKey
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_subscription_tier_id_fkey" FOREIGN KEY ("subscription_tier_id") REFERENCES "subscription_tiers"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_default_agent_id_fkey" FOREIGN KEY ("default_agent_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "users" ADD CONSTRAINT "users_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_agent_id_fkey" FOREIGN KEY ("agent_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_contact_owner_id_fkey" FOREIGN KEY ("contact_owner_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contact_events" ADD CONSTRAINT "contact_events_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contact_events" ADD CONSTRAINT "contact_events_contact_id_fkey" FOREIGN KEY ("contact_id") REFERENCES "contacts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "scheduled_emails" ADD CONSTRAINT "scheduled_emails_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "scheduled_emails" ADD CONSTRAINT "scheduled_emails_contact_id_fkey" FOREIGN KEY ("contact_id") REFERENCES "contacts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "scheduled_emails" ADD CONSTRAINT "scheduled_emails_campaign_instance_id_fkey" FOREIGN KEY ("campaign_instance_id") REFERENCES "campaign_instances"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "scheduled_emails" ADD CONSTRAINT "scheduled_emails_scheduler_run_id_fkey" FOREIGN KEY ("scheduler_run_id") REFERENCES "scheduler_runs"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "scheduled_emails" ADD CONSTRAINT "scheduled_emails_parent_email_id_fkey" FOREIGN KEY ("parent_email_id") REFERENCES "scheduled_emails"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "email_events" ADD CONSTRAINT "email_events_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "email_events" ADD CONSTRAINT "email_events_contact_id_fkey" FOREIGN KEY ("contact_id") REFERENCES "contacts"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "email_events" ADD CONSTRAINT "email_events_scheduled_email_id_fkey" FOREIGN KEY ("scheduled_email_id") REFERENCES "scheduled_emails"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "campaign_instances" ADD CONSTRAINT "campaign_instances_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "campaign_instances" ADD CONSTRAINT "campaign_instances_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contact_campaigns" ADD CONSTRAINT "contact_campaigns_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contact_campaigns" ADD CONSTRAINT "contact_campaigns_contact_id_fkey" FOREIGN KEY ("contact_id") REFERENCES "contacts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contact_campaigns" ADD CONSTRAINT "contact_campaigns_campaign_instance_id_fkey" FOREIGN KEY ("campaign_instance_id") REFERENCES "campaign_instances"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "scheduler_runs" ADD CONSTRAINT "scheduler_runs_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "quote_links" ADD CONSTRAINT "quote_links_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "quote_links" ADD CONSTRAINT "quote_links_contact_id_fkey" FOREIGN KEY ("contact_id") REFERENCES "contacts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tracking_clicks" ADD CONSTRAINT "tracking_clicks_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tracking_clicks" ADD CONSTRAINT "tracking_clicks_contact_id_fkey" FOREIGN KEY ("contact_id") REFERENCES "contacts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tracking_clicks" ADD CONSTRAINT "tracking_clicks_quote_link_id_fkey" FOREIGN KEY ("quote_link_id") REFERENCES "quote_links"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "eligibility_answers" ADD CONSTRAINT "eligibility_answers_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "eligibility_answers" ADD CONSTRAINT "eligibility_answers_contact_id_fkey" FOREIGN KEY ("contact_id") REFERENCES "contacts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "eligibility_answers" ADD CONSTRAINT "eligibility_answers_quote_link_id_fkey" FOREIGN KEY ("quote_link_id") REFERENCES "quote_links"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "follow_up_requests" ADD CONSTRAINT "follow_up_requests_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "follow_up_requests" ADD CONSTRAINT "follow_up_requests_contact_id_fkey" FOREIGN KEY ("contact_id") REFERENCES "contacts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "follow_up_requests" ADD CONSTRAINT "follow_up_requests_quote_link_id_fkey" FOREIGN KEY ("quote_link_id") REFERENCES "quote_links"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "billing_usage_reports" ADD CONSTRAINT "billing_usage_reports_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_agent_id_fkey" FOREIGN KEY ("agent_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_actor_user_id_fkey" FOREIGN KEY ("actor_user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "rating_areas" ADD CONSTRAINT "rating_areas_rate_book_id_fkey" FOREIGN KEY ("rate_book_id") REFERENCES "rate_books"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "rating_areas" ADD CONSTRAINT "rating_areas_carrier_naic_fkey" FOREIGN KEY ("carrier_naic") REFERENCES "carriers"("naic") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "rate_filings" ADD CONSTRAINT "rate_filings_rate_book_id_fkey" FOREIGN KEY ("rate_book_id") REFERENCES "rate_books"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "rate_filings" ADD CONSTRAINT "rate_filings_carrier_naic_fkey" FOREIGN KEY ("carrier_naic") REFERENCES "carriers"("naic") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "rate_cells" ADD CONSTRAINT "rate_cells_filing_id_fkey" FOREIGN KEY ("filing_id") REFERENCES "rate_filings"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "household_discounts" ADD CONSTRAINT "household_discounts_filing_id_fkey" FOREIGN KEY ("filing_id") REFERENCES "rate_filings"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "household_discounts" ADD CONSTRAINT "household_discounts_carrier_naic_fkey" FOREIGN KEY ("carrier_naic") REFERENCES "carriers"("naic") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "rider_rates" ADD CONSTRAINT "rider_rates_filing_id_fkey" FOREIGN KEY ("filing_id") REFERENCES "rate_filings"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "gi_recommendations" ADD CONSTRAINT "gi_recommendations_carrier_naic_fkey" FOREIGN KEY ("carrier_naic") REFERENCES "carriers"("naic") ON DELETE CASCADE ON UPDATE CASCADE;
