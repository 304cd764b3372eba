import "server-only";
import { AppError } from "@/lib/api/errors";
import { emailField, type EmailCheckResponse, type SignupValues } from "@/lib/accounts/signup-schema";
import { prisma } from "@/lib/db";

export const EMAIL_TAKEN_MESSAGE = "An account with this email already exists.";

/** "Smith & Sons Insurance, LLC" → "smith-sons-insurance-llc" (never empty). */
export function slugify(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 48)
    .replace(/-+$/g, "");
  return slug || "agency";
}

/** The slug itself if free, else the first free "slug-2", "slug-3", … among those already taken. */
export function firstFreeSlug(base: string, taken: Set<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

function isUniqueViolation(error: unknown) {
  return typeof error === "object" && error !== null && (error as { code?: string }).code === "P2002";
}

/**
 * Signup ('Get Started'): the organization and its admin, who is also an agent and the default agent,
 * in one transaction. The organization starts in trial (demo mode) with no plan.
 */
export async function createOrganizationWithAdmin(input: SignupValues) {
  const base = slugify(input.organizationName);
  for (let attempt = 0; attempt < 3; attempt++) {
    const taken = await prisma.organization.findMany({ where: { slug: { startsWith: base } }, select: { slug: true } });
    const slug = firstFreeSlug(base, new Set(taken.map((o) => o.slug)));
    try {
      return await prisma.$transaction(async (tx) => {
        if (await tx.user.findUnique({ where: { email: input.email }, select: { id: true } })) {
          throw new AppError("conflict", EMAIL_TAKEN_MESSAGE, { fields: { email: [EMAIL_TAKEN_MESSAGE] } });
        }
        const organization = await tx.organization.create({
          data: { name: input.organizationName, brandName: input.organizationName, slug, phone: input.phone },
        });
        const admin = await tx.user.create({
          data: {
            organizationId: organization.id,
            email: input.email,
            name: `${input.firstName} ${input.lastName}`,
            firstName: input.firstName,
            lastName: input.lastName,
            phone: input.phone,
            isAdmin: true,
            isAgent: true,
            canManageBilling: true,
          },
        });
        await tx.organization.update({ where: { id: organization.id }, data: { defaultAgentId: admin.id } });
        return { organization, admin };
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Two signups raced for the slug (try the next free one) or for the email (a conflict).
      if (await prisma.user.findUnique({ where: { email: input.email }, select: { id: true } })) {
        throw new AppError("conflict", EMAIL_TAKEN_MESSAGE, { fields: { email: [EMAIL_TAKEN_MESSAGE] } });
      }
    }
  }
  throw new AppError("conflict", "Could not create the organization. Please try again.");
}

/**
 * The email check's limit per caller (withPublic's per-IP limit in the route). The check reads no
 * account, so the limit only keeps it from being used as free load: a signup needs a handful.
 */
export const CHECK_EMAIL_LIMITS = { perIp: { limit: 30, windowSeconds: 3600 } } as const;

/** The check's one answer for a well-formed address: it says nothing about accounts (docs/security.md). */
export const EMAIL_FORMAT_OK_MESSAGE = "Email address is valid";

/**
 * GET /api/organizations/check-email/{email}, for the signup form: is this a well-formed address?
 * It never looks for an account, so it answers every well-formed address the same (`available: true`:
 * the signup may go ahead) and a malformed one 422. Whether the address already has an account is
 * decided by the signup itself, which answers the same either way (lib/organizations/sign-up-organization.ts).
 */
export function checkUserEmailAvailability({ email: rawEmail }: { email: string }): EmailCheckResponse {
  const parsed = emailField.safeParse(rawEmail);
  if (!parsed.success)
    throw new AppError("validation_failed", parsed.error.issues[0]?.message, {
      fields: { email: parsed.error.issues.map((i) => i.message) },
    });
  return { available: true, message: EMAIL_FORMAT_OK_MESSAGE };
}
