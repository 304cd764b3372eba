import "server-only";
import { AppError } from "@/lib/api/errors";
import { recordAudit } from "@/lib/audit/record-audit";
import { forgetCachedSessionsOfUser } from "@/lib/auth/session";
import { tenantTransaction } from "@/lib/db";
import { callToActionEditable, PROFILE_SELECT, profileView } from "@/lib/profile/get-profile";
import {
  PROFILE_MESSAGES,
  normalizeBookingLink,
  phoneDigits,
  validateProfile,
  type ProfileFormValues,
  type UpdateProfileBody,
  type UpdateProfileResponse,
} from "@/lib/profile/profile-schema";

/**
 * PUT /api/profile: the caller edits their own profile. Email cannot be edited (a different address is
 * refused). With the organization as the sender (forceOrgSenderDetails) the agent cannot choose their own
 * call-to-action: changes to the options, the booking link and useOrgSenderDetails are ignored. An agent of
 * an agency without allowAgentSettings cannot change them either: such a change is refused (403). Audited.
 */
export async function updateProfile({
  organizationId,
  userId,
  isAdmin,
  input,
}: {
  organizationId: string;
  userId: string;
  isAdmin: boolean;
  input: UpdateProfileBody;
}): Promise<UpdateProfileResponse> {
  const response = await tenantTransaction(organizationId, async (tx) => {
    const user = await tx.user.findFirst({ where: { id: userId, organizationId }, select: PROFILE_SELECT });
    const organization = await tx.organization.findFirst({
      where: { id: organizationId },
      select: { forceOrgSenderDetails: true, allowAgentSettings: true },
    });
    if (!user || !organization) throw AppError.notFound("Profile not found");

    if (input.email !== undefined && input.email.trim().toLowerCase() !== user.email.toLowerCase()) {
      throw new AppError("validation_failed", PROFILE_MESSAGES.emailLocked, {
        fields: { email: [PROFILE_MESSAGES.emailLocked] },
      });
    }

    const current = profileView(user);
    const locked = organization.forceOrgSenderDetails;
    const link = input.booking_link !== undefined ? input.booking_link : input.bookingLink;
    const next: ProfileFormValues = {
      firstName: input.firstName.trim(),
      lastName: input.lastName.trim(),
      email: user.email,
      phone: input.phone === undefined ? current.phone : phoneDigits(input.phone),
      signature: input.signature ?? current.signature,
      bookingLink: locked || link === undefined ? current.bookingLink : normalizeBookingLink(link),
      useOrgSenderDetails: locked
        ? current.useOrgSenderDetails
        : (input.useOrgSenderDetails ?? current.useOrgSenderDetails),
      phoneEnabled: locked ? current.phoneEnabled : (input.phoneEnabled ?? current.phoneEnabled),
      calendarEnabled: locked ? current.calendarEnabled : (input.calendarEnabled ?? current.calendarEnabled),
    };

    // An agent of an agency that does not allow agent settings keeps what the agency set: a change is refused.
    const agencyKeeps = !callToActionEditable({ isAdmin, allowAgentSettings: organization.allowAgentSettings });
    if (!locked && agencyKeeps) {
      const callToAction = (["bookingLink", "useOrgSenderDetails", "phoneEnabled", "calendarEnabled"] as const).filter(
        (key) => next[key] !== current[key],
      );
      if (callToAction.length) throw new AppError("forbidden", PROFILE_MESSAGES.callToActionManaged);
    }

    const errors = validateProfile(next, { forceOrgSenderDetails: locked || agencyKeeps });
    const messages = Object.entries(errors);
    if (messages.length) {
      throw new AppError("validation_failed", messages[0]![1], {
        fields: Object.fromEntries(messages.map(([field, message]) => [field, [message]])),
      });
    }

    const data = {
      firstName: next.firstName,
      lastName: next.lastName,
      name: `${next.firstName} ${next.lastName}`,
      phone: next.phone || null,
      signature: next.signature,
      bookingLink: next.bookingLink || null,
      useOrgSenderDetails: next.useOrgSenderDetails,
      phoneEnabled: next.phoneEnabled,
      calendarEnabled: next.calendarEnabled,
    };
    const changed = (
      [
        "firstName",
        "lastName",
        "phone",
        "signature",
        "bookingLink",
        "useOrgSenderDetails",
        "phoneEnabled",
        "calendarEnabled",
      ] as const
    ).filter((key) => next[key] !== current[key]);
    const updated = await tx.user.update({ where: { id: userId, organizationId }, data, select: PROFILE_SELECT });
    if (changed.length) {
      await recordAudit(tx, {
        organizationId,
        actorUserId: userId,
        action: "profile.updated",
        entityType: "user",
        entityId: userId,
        metadata: { changed: [...changed] },
      });
    }
    return { success: true as const, profile: profileView(updated) };
  });
  // The session memory holds the caller's name (lib/auth/session.ts): the next request reads the new one.
  forgetCachedSessionsOfUser(userId);
  return response;
}
