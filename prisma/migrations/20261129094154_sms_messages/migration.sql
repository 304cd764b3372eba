-- CreateEnum
CREATE TYPE "SmsMessageStatus" AS ENUM ('sending', 'sent', 'failed');

-- CreateTable
CREATE TABLE "sms_messages" (
    "id" UUID NOT NULL,
    "idempotency_key" TEXT NOT NULL,
    "status" "SmsMessageStatus" NOT NULL,
    "provider_message_id" TEXT,
    "error_code" INTEGER,
    "test_mode" BOOLEAN NOT NULL DEFAULT false,
    "attempt_count" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMPTZ(3),

    CONSTRAINT "sms_messages_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "sms_messages_idempotency_key_key" ON "sms_messages"("idempotency_key");
