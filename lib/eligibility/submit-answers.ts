import "server-only";
import { rescheduleContactsNow } from "@/lib/outreach/triggers";
import { AppError } from "@/lib/api/errors";
import { tenantTransaction } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { namesOrganization } from "@/lib/eligibility/eligibility-organization";
import type { SubmitEligibilityResponse } from "@/lib/eligibility/answers-schema";
import { encryptAnswers } from "@/lib/eligibility/encrypt-answers";
import {
  eligibilityOutcome,
  hasMedicalConditions,
  mainQuestionsYesCount,
  type SubmittedAnswers,
} from "@/lib/eligibility/outcome";
import { findQuoteLink, QUOTE_NOT_FOUND_MESSAGE, quoteTrackingId } from "@/lib/quotes/quote-links";
import { isTestCopyVisit } from "@/lib/tracking/quote-views";
import { notifyAgentAfterAnswer } from "@/lib/notifications/agent-notifications";
import { PLACEHOLDER_CONTACT_STATUS } from "@/lib/contacts/book";

/**
 * POST /api/org/{orgId}/eligibility-answers (domain-rules.md C "Storage"). The contact is the quote
 * link's: the token is the only credential a public visitor has, so a contact id alone is never enough
 * to write (it is accepted as a cross-check of the link only). The organization is the link's too; a
 * segment naming another organization is 404.
 *
 * One current answer per contact: a resubmission replaces the row (and its created_at). Each submission
 * also appends an eligibility_answered event whose metadata holds counts, never answers. After the
 * answer the contact's agent is emailed "health questions completed", once per contact (lib/notifications).
 */

export type SubmitEligibilityAnswersInput = {
  orgSegment: string;
  quoteToken: string;
  contactId?: string;
  answers: SubmittedAnswers;
  now: Date;
};

export async function submitEligibilityAnswers({
  orgSegment,
  quoteToken,
  contactId,
  answers,
  now,
}: SubmitEligibilityAnswersInput): Promise<SubmitEligibilityResponse> {
  const found = await findQuoteLink(quoteToken, now);
  if (!found) throw new AppError("not_found", QUOTE_NOT_FOUND_MESSAGE);
  const { link, contact, organization } = found;
  if (!namesOrganization(orgSegment, organization)) throw new AppError("not_found", QUOTE_NOT_FOUND_MESSAGE);
  if (contactId !== undefined && contactId.toLowerCase() !== contact.id.toLowerCase())
    throw new AppError("not_found", QUOTE_NOT_FOUND_MESSAGE);

  const outcome = eligibilityOutcome(answers);
  const yesCount = mainQuestionsYesCount(answers);
  const organizationId = organization.id;

  await tenantTransaction(organizationId, async (tx) => {
    // A double tap sends two submissions at once: one waits for the other, so the contact keeps exactly one current row.
    await tx.$executeRaw(Prisma.sql`SELECT pg_advisory_xact_lock(hashtext(${`eligibility:${contact.id}`}))`);
    const current = await tx.contact.findFirst({
      where: { id: contact.id, organizationId },
      select: { id: true, status: true },
    });
    if (!current) throw new AppError("not_found", QUOTE_NOT_FOUND_MESSAGE);
    await tx.eligibilityAnswer.deleteMany({ where: { organizationId, contactId: contact.id } });
    await tx.eligibilityAnswer.create({
      data: {
        organizationId,
        contactId: contact.id,
        quoteLinkId: link.id,
        answers: encryptAnswers({ answers, organizationId, contactId: contact.id }),
        hasConditions: hasMedicalConditions(answers),
        mainQuestionsYesCount: yesCount,
        status: outcome,
        createdAt: now,
      },
    });
    await tx.contactEvent.create({
      data: {
        organizationId,
        contactId: contact.id,
        eventType: "eligibility_answered",
        metadata: {
          answers_count: Object.keys(answers).length,
          // "direct": a visitor who came without an agent's quote (the temporary contact of a generic link).
          source: current.status === PLACEHOLDER_CONTACT_STATUS ? "direct" : "quote",
          main_questions_yes_count: yesCount,
          has_medical_conditions: yesCount > 0,
        },
        createdAt: now,
      },
    });
  });

  // Health answers (with or without conditions) choose the contact's follow-up (domain-rules A.9).
  await rescheduleContactsNow({ organizationId, contactIds: [contact.id], now });
  // The agent hears of it once per contact (after the answer); not when the link is a trial's [TEST] copy, which only the agent received.
  if (!(await isTestCopyVisit(link, quoteTrackingId(link))))
    await notifyAgentAfterAnswer({ found, type: "agent_health_completed", outcome, now });
  return { success: true, outcome };
}
