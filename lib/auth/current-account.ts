import "server-only";
import { accountStage, stageDestination } from "@/lib/auth/account-stage";
import { prisma } from "@/lib/db";
import { accountStatus } from "@/lib/organizations/account-status";
import { bookContactWhere } from "@/lib/contacts/book";
import { isoDate } from "@/lib/calendar/calendar-date";

/**
 * The signed-in user with their organization, by session token: what pages, the shell and the
 * session calls need. Null when the session is unknown, expired or its user deactivated.
 */
export async function getCurrentAccount(sessionToken: string | undefined, now: Date = new Date()) {
  if (!sessionToken) return null;
  const session = await prisma.session.findUnique({
    where: { sessionToken },
    select: {
      expires: true,
      user: {
        select: {
          id: true,
          email: true,
          firstName: true,
          lastName: true,
          phone: true,
          isAdmin: true,
          isAgent: true,
          isActive: true,
          canManageBilling: true,
          hasCompletedWalkthrough: true,
          organization: {
            select: {
              id: true,
              name: true,
              slug: true,
              createdAt: true,
              demoMode: true,
              goLiveDate: true,
              timezone: true,
              isSampleData: true,
              onboardingCompleted: true,
              subscriptionTierId: true,
              subscriptionStatus: true,
              billingDisabled: true,
              agentLimit: true,
              contactLimit: true,
              extraAgents: true,
              extraContacts: true,
              currentPeriodEnd: true,
              paymentStatus: true,
              paymentFailureCount: true,
              paymentCompleted: true,
            },
          },
        },
      },
    },
  });
  if (!session || session.expires <= now || !session.user.isActive) return null;
  const { organization, ...user } = session.user;
  const stage = accountStage({
    signedIn: true,
    subscriptionTierId: organization.subscriptionTierId,
    onboardingCompleted: organization.onboardingCompleted,
  });
  return {
    user,
    organization,
    session: { expires: session.expires },
    stage,
    destination: stageDestination(stage, organization.subscriptionTierId),
  };
}

export type CurrentAccount = NonNullable<Awaited<ReturnType<typeof getCurrentAccount>>>;

/** GET /api/auth/session: the Session entity of agency-side.md §3. */
export function sessionPayload(account: CurrentAccount | null) {
  if (!account) return { valid: false, redirectUrl: "/login" };
  const { user, organization } = account;
  return {
    valid: true,
    session: { expires: account.session.expires.toISOString() },
    email: user.email,
    orgSlug: organization.slug,
    organizationSlug: organization.slug,
    firstName: user.firstName,
    lastName: user.lastName,
    is_admin: user.isAdmin,
    id: user.id,
    demo_mode: organization.demoMode,
    orgCreateDate: isoDate(organization.createdAt),
    goLiveDate: isoDate(organization.goLiveDate),
    redirectUrl: account.destination,
  };
}

/** GET /api/auth/session */
export type SessionResponse = ReturnType<typeof sessionPayload>;

/** GET /api/me: the Current user entity of agency-side.md §3, with live counts for the limits. */
export async function mePayload(account: CurrentAccount) {
  const { user, organization } = account;
  const [currentAgentCount, currentContactCount] = await Promise.all([
    prisma.user.count({ where: { organizationId: organization.id, isActive: true, isAgent: true } }),
    prisma.contact.count({ where: bookContactWhere(organization.id) }),
  ]);
  const status = accountStatus({ ...organization, currentAgentCount, currentContactCount });
  return {
    success: true,
    user: {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      phone: user.phone,
      is_admin: user.isAdmin,
      is_agent: user.isAgent,
      organization_slug: organization.slug,
      organization_id: organization.id,
      subscription_tier: organization.subscriptionTierId,
    },
    accountStatus: {
      ...status,
      organizationId: organization.id,
      organizationName: organization.name,
      organizationSlug: organization.slug,
      subscriptionTier: organization.subscriptionTierId,
      subscriptionStatus: organization.billingDisabled ? "billing_disabled" : organization.subscriptionStatus,
      agentLimit: organization.agentLimit,
      contactLimit: organization.contactLimit,
      currentAgentCount,
      currentContactCount,
      billingCycleEnd: isoDate(organization.currentPeriodEnd),
      paymentFailureCount: organization.paymentFailureCount,
      paymentCompleted: organization.paymentCompleted,
    },
    demo_mode: organization.demoMode,
    hasCompletedWalkthrough: user.hasCompletedWalkthrough,
    orgCreateDate: isoDate(organization.createdAt),
    goLiveDate: isoDate(organization.goLiveDate),
  };
}
