import { z } from "zod";
import { singleLine } from "@/lib/validation/text";
import { httpUrlField, withHttpScheme } from "@/lib/validation/http-url";
import { US_STATES } from "@/lib/reference/us-states";
import { nationalDigits } from "@/lib/phone/phone";

/**
 * Agent validation and the Manage Agents texts (agency-side.md §2, §3, §5, §8), shared by the API
 * routes, the services and the forms. Pure: no server imports, safe in the browser bundle.
 */

export const AGENT_MESSAGES = {
  /** §5 Agent add: the one message for any invalid agent form. */
  invalid: "Please fill out all fields, ensure email is valid, and select at least one role (admin or agent)",
  saveFailed: "Failed to save agent",
  saveDetailsFailed: "Failed to save agent details",
  deleteFailed: "Failed to delete agent -- cannot delete default agent or current user",
  setDefaultFailed: "Failed to set default agent",
  copyFailed: "Failed to copy link to clipboard",
  emailCheckFailed: "Failed to check email availability",
  /** An address that already belongs to a user, of this organization or any other: it never says which (docs/security.md). */
  emailTaken: "This email address can't be used. Please enter a different one.",
  emailRefusedTooOften: "Too many email addresses were refused. Please try again later.",
  invalidEmail: "Please enter a valid email address.",
  notFound: "Agent not found",
  noPhone: "No phone provided",
  currentUser: "Current user (you)",
  reassignSelf: "Choose a different agent to reassign contacts to.",
  reassignInactive: "Contacts can only be reassigned to an active agent.",
  defaultMustBeAgent: "The default agent must be an active agent.",
  defaultKeepsAgentRole: "The default agent must keep the agent role. Set another default agent first.",
  ownAdminRole: "You cannot remove your own admin role.",
} as const;

/** "Your plan allows 5 agents. Remove an agent or upgrade your plan to add more." */
export function agentLimitMessage(allowed: number): string {
  return `Your plan allows ${allowed} agent${allowed === 1 ? "" : "s"}. Remove an agent or upgrade your plan to add more.`;
}

/**
 * Whether one more active agent fits the plan: the limit plus the extra-agent add-on; a limit of -1
 * (or any negative) is unlimited.
 */
export function checkAgentSeat({
  agentLimit,
  extraAgents,
  activeAgentCount,
}: {
  agentLimit: number;
  extraAgents: number;
  activeAgentCount: number;
}): { ok: true } | { ok: false; allowed: number; message: string } {
  if (agentLimit < 0) return { ok: true };
  const allowed = agentLimit + Math.max(0, extraAgents);
  if (activeAgentCount + 1 <= allowed) return { ok: true };
  return { ok: false, allowed, message: agentLimitMessage(allowed) };
}

const STATE_CODES = new Set(US_STATES.map((s) => s.code));
const invalid = { error: AGENT_MESSAGES.invalid };

/**
 * Digits of a phone as typed or stored: formatting is dropped and a leading country code 1 of an
 * 11-digit number is removed. Unlike phoneDigits it never truncates, so 12 digits stay invalid.
 */
export const normalizePhone = nationalDigits;

/** A booking link without a scheme gets https:// (§5); empty (or only "https://") means none. */
export function normalizeBookingLink(value: string | null | undefined): string | null {
  return withHttpScheme(value ?? "") || null;
}

const nameField = singleLine(z.string(invalid).trim().min(1, invalid).max(100, invalid), AGENT_MESSAGES.invalid);
const phoneInput = z
  .string(invalid)
  .transform(normalizePhone)
  .pipe(z.string().regex(/^\d{10}$/, invalid));
const carriersField = z
  .array(z.string(invalid).trim().min(1, invalid).max(200, invalid), invalid)
  .max(500, invalid)
  .transform((list) => [...new Set(list)]);
const stateLicensesField = z
  .array(
    z
      .string(invalid)
      .trim()
      .toUpperCase()
      .refine((code) => STATE_CODES.has(code), invalid),
    invalid,
  )
  .max(STATE_CODES.size, invalid)
  .transform((list) => [...new Set(list)]);
/** http(s) only (lib/validation/http-url.ts): a javascript: or data: link is refused, not stored. */
const bookingLinkField = httpUrlField(AGENT_MESSAGES.invalid)
  .nullable()
  .transform((value) => value || null);
const signatureField = z.string(invalid).max(5000, invalid);

const agentFields = {
  firstName: nameField,
  lastName: nameField,
  // Normalized as the signup emailField is (trim, lower-case), with the agent form's message.
  email: z.string(invalid).trim().toLowerCase().pipe(z.email(invalid).max(254, invalid)),
  phone: phoneInput,
};

/** "Select at least one role (admin or agent)": checked on the whole agent, reported at path "roles". */
const hasRole = (agent: { isAdmin?: boolean; isAgent?: boolean }) => Boolean(agent.isAdmin || agent.isAgent);

/** An agent to create: POST /api/agents/create (+ roles; a new user defaults to agent, domain-rules E.2). */
export const agentInputSchema = z
  .object({
    ...agentFields,
    isAdmin: z.boolean(invalid).default(false),
    isAgent: z.boolean(invalid).default(true),
    carriers: carriersField.default([]),
    stateLicenses: stateLicensesField.default([]),
    bookingLink: bookingLinkField.optional(),
    signature: signatureField.optional(),
  })
  .refine(hasRole, { ...invalid, path: ["roles"] });

export type AgentInput = z.input<typeof agentInputSchema>;
export type AgentValues = z.output<typeof agentInputSchema>;

/**
 * An edit: PUT /api/agents/{id}. Names, email and phone are required; roles, carriers, licenses,
 * booking link and signature keep their stored values when left out. "At least one role" is checked
 * against the merged result by the service.
 */
export const agentUpdateSchema = z.object({
  ...agentFields,
  isAdmin: z.boolean(invalid).optional(),
  isAgent: z.boolean(invalid).optional(),
  carriers: carriersField.optional(),
  stateLicenses: stateLicensesField.optional(),
  bookingLink: bookingLinkField.optional(),
  signature: signatureField.optional(),
});

export type AgentUpdateInput = z.input<typeof agentUpdateSchema>;

/**
 * The Edit form's schema: the update, with both roles stated (the form always knows them) and at
 * least one of them, as the service checks on the merged result.
 */
export const agentEditSchema = agentUpdateSchema
  .required({ isAdmin: true, isAgent: true })
  .refine(hasRole, { ...invalid, path: ["roles"] });
export type AgentEditInput = z.input<typeof agentEditSchema>;
export type AgentEditValues = z.output<typeof agentEditSchema>;
export type AgentUpdateValues = z.output<typeof agentUpdateSchema>;

export const agentIdParamsSchema = z.object({ id: z.uuid() });

const optionalId = z.preprocess(
  (value) => (value === "" || value === null ? undefined : value),
  z.uuid({ error: "Choose an agent to reassign contacts to." }).optional(),
);

/** DELETE /api/agents/{id}?reassignTo={agentId} */
export const deleteAgentQuerySchema = z.object({ reassignTo: optionalId });

/** POST /api/agents/set_default_agent {agentId} */
export const setDefaultAgentSchema = z.object({ agentId: z.uuid({ error: "Choose an agent." }) });

/** The Agent entity of §3 as the API answers it. */
export type AgentView = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  /** 10 digits or null. */
  phone: string | null;
  org_slug: string;
  organizationId: string;
  carriers: string[];
  stateLicenses: string[];
  isAdmin: boolean;
  isAgent: boolean;
  isDefault: boolean;
  is_active: boolean;
  signature: string;
  bookingLink: string | null;
  useOrgSenderDetails: boolean;
};

export type AgentsResponse = { agents: AgentView[]; defaultAgentId: string | null };

/** POST /api/agents/create and PUT /api/agents/{id} answer the saved agent. */
export type SaveAgentResponse = { success: true; agent: AgentView };
/** DELETE /api/agents/{id}?reassignTo= */
export type DeleteAgentResponse = {
  success: true;
  deletedAgentId: string;
  reassignedTo: string | null;
  contactsReassigned: number;
};
/** POST /api/agents/set_default_agent */
export type SetDefaultAgentResponse = { success: true; defaultAgentId: string };

/** Continue to Dashboard needs every agent to have both names, an email and a 10-digit phone (§2). */
export function isAgentComplete(agent: Pick<AgentView, "firstName" | "lastName" | "email" | "phone">): boolean {
  return Boolean(
    agent.firstName.trim() && agent.lastName.trim() && agent.email.trim() && /^\d{10}$/.test(agent.phone ?? ""),
  );
}

/** The agent self-onboarding link: the organization link plus ?agentId= (§2 Profile). */
export function agentOnboardingLink(appUrl: string, orgSlug: string, agentId: string): string {
  return `${appUrl.replace(/\/$/, "")}/self-onboarding/${encodeURIComponent(orgSlug)}?agentId=${encodeURIComponent(agentId)}`;
}

/** "AL" from Ann Lee; "?" when both names are empty. */
export function agentInitials(agent: Pick<AgentView, "firstName" | "lastName" | "email">): string {
  const initials = `${agent.firstName.trim().charAt(0)}${agent.lastName.trim().charAt(0)}`.toUpperCase();
  return initials || agent.email.charAt(0).toUpperCase() || "?";
}
