import "server-only";
import { AppError } from "@/lib/api/errors";
import { phoneDigits } from "@/lib/phone/phone";
import {
  brandColor,
  outcomeText,
  SCHEDULE_MESSAGES,
  scheduleOptions,
  scheduleOutcome,
  selfOnboardingHref,
  type ScheduleViewModel,
} from "@/lib/call-booking/booking";
import { getScheduleInfo } from "@/lib/call-booking/schedule-info";

/**
 * /schedule?id&orgId&org&contactId&tid&status, decided on the server. The quote token (`id`) finds the
 * contact; without one, `orgId` (id or slug) or `org` (slug) opens the organization's generic page.
 * With a token, orgId/org are cross-checks only. contactId and tid are never used to find anyone.
 * Missing or unknown: the /error page with the spec's message.
 */

type Params = Record<string, string | string[] | undefined>;
export type SchedulePageModel =
  { kind: "redirect"; to: string } | ({ kind: "page"; title: string } & ScheduleViewModel);

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.trim() || undefined;
const errorRedirect = (message: string): SchedulePageModel => ({
  kind: "redirect",
  to: `/error?message=${encodeURIComponent(message)}`,
});

export async function loadSchedulePage({ params, now }: { params: Params; now: Date }): Promise<SchedulePageModel> {
  const token = first(params.id);
  const organizationCheck = first(params.orgId) ?? first(params.org);
  const lookup = token ?? organizationCheck;
  if (!lookup) return errorRedirect(SCHEDULE_MESSAGES.noParameters);

  let info;
  try {
    info = await getScheduleInfo({ id: lookup, orgId: token ? organizationCheck : undefined, now });
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") return errorRedirect(error.message);
    throw error;
  }

  const status = first(params.status);
  const outcome = scheduleOutcome(status);
  const { contact, agent, organization } = info;
  const text = outcomeText(outcome, organization);
  return {
    kind: "page",
    title: text.title,
    brand: { name: organization.name, logoUrl: organization.logo, color: brandColor(organization.primaryColor) },
    text: { heading: text.heading, message: text.message },
    options: scheduleOptions({
      forceOrgSenderDetails: info.force_org_sender_details,
      agent,
      organization: {
        phone: organization.phone,
        redirectUrl: organization.redirectUrl,
        contactPreferences: organization.contactPreferences,
      },
    }),
    callback: {
      quoteId: contact ? lookup : null,
      orgId: contact ? null : organization.slug,
      status: outcome === "generic" ? null : outcome,
      planType: info.planType,
      name: contact ? `${contact.firstName} ${contact.lastName}`.trim() : "",
      email: contact?.email ?? "",
      phone: contact?.phoneNumber ? phoneDigits(contact.phoneNumber) : "",
    },
    thankYouHref: selfOnboardingHref(organization.slug, agent?.id),
  };
}
