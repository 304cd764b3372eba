import type { ChallengePurpose } from "@/lib/challenge/challenge-format";

/**
 * Every route handler under app/api, with who may call it (issue 15 point 8: the security suite runs the
 * route × role × organization matrix over this table, and fails when a route on disk has no row here, so a
 * new route cannot ship without saying who may call it).
 *
 * access:
 * - public: no session (consumer pages, token- or slug-addressed, rate-limited where they write);
 * - member: any signed-in member of an organization (agents see only their own contacts inside it);
 * - admin: admins only;
 * - billing: users with the billing flag (User.canManageBilling), whatever their role;
 * - cron: Bearer CRON_SECRET (the route does not exist without it);
 * - webhook: the provider's signature;
 * - inngest: Inngest's signed calls (does not exist without Inngest keys);
 * - dev: development tools (404 without dev-tools access).
 *
 * params: what each dynamic segment names, so the suite can aim organization B's callers at organization A's
 * records. body: a valid body where validation would otherwise answer before the tenant check does.
 */

export type Access = "public" | "member" | "admin" | "billing" | "cron" | "webhook" | "inngest" | "dev";
export type ParamKind =
  | "contact"
  | "agent"
  | "org-id"
  | "org-slug"
  | "import-job"
  | "household"
  | "email"
  | "invoice"
  | "token"
  | "zip"
  | "state"
  | "number";
export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** The records of organization A that rows may use in a body. */
export type Targets = {
  contactId: string;
  contactEmail: string;
  agentId: string;
  orgId: string;
  orgSlug: string;
  importJobId: string;
  /** A suggested household of the organization's contact and a second contact. */
  householdId: string;
};

export type RouteRow = {
  access: Access;
  /** A public form behind proof-of-work (lib/challenge): the suite sends a solved challenge, as the form does. */
  challenge?: ChallengePurpose;
  params?: Record<string, ParamKind>;
  body?: (a: Targets) => unknown;
  query?: string;
};

const contactBody = () => ({
  firstName: "Mallory",
  lastName: "Changed",
  email: "mallory.changed@example.com",
  phoneNumber: "5125550100",
  zipCode: "78701",
  gender: "F",
  tobaccoUser: false,
  birthDate: "1955-04-12",
  effectiveDate: "2020-01-01",
  currentCarrier: "Aetna",
  planType: "G",
});
const agentBody = () => ({
  firstName: "Mallory",
  lastName: "Changed",
  email: "mallory.agent@example.com",
  phone: "5125550100",
  carriers: [],
  stateLicenses: [],
  bookingLink: "",
  signature: "",
  isAdmin: true,
  isAgent: true,
});

export const ROUTES: Record<string, RouteRow> = {
  "GET /api/agents": { access: "member" },
  "POST /api/agents/create": { access: "admin", body: () => agentBody() },
  "PUT /api/agents/[id]": { access: "admin", params: { id: "agent" }, body: () => agentBody() },
  "DELETE /api/agents/[id]": { access: "admin", params: { id: "agent" } },
  "POST /api/agents/set_default_agent": { access: "admin", body: (a) => ({ agentId: a.agentId }) },
  "POST /api/auth/login": { access: "public" },
  "POST /api/auth/logout": { access: "public" },
  "POST /api/auth/onboarding-login": { access: "public" },
  "POST /api/auth/send-welcome-email": { access: "member" },
  "GET /api/auth/session": { access: "public" },
  "POST /api/auth/set-session": { access: "member" },
  "POST /api/auth/verify/[orgSlug]/[token]": { access: "public", params: { orgSlug: "org-slug", token: "token" } },
  "GET /api/billing/invoices": { access: "billing" },
  "GET /api/billing/invoices/[id]/download": { access: "billing", params: { id: "invoice" } },
  "GET /api/billing/payment-method": { access: "billing" },
  "GET /api/billing/plan": { access: "billing" },
  "POST /api/billing/portal": { access: "billing" },
  "GET /api/billing/report-usage": { access: "cron" },
  "POST /api/billing/report-usage": { access: "cron" },
  "GET /api/challenge": { access: "public", query: "?purpose=self-signup" },
  "GET /api/checkout-session": { access: "member" },
  "POST /api/choose-plan": { access: "admin" },
  "POST /api/contact-us": {
    access: "public",
    body: () => ({ name: "Mallory", email: "mallory.contact@example.com", message: "Hello" }),
  },
  "POST /api/contact-us/callback-request": {
    access: "public",
    challenge: "callback",
    body: (a) => ({
      orgId: a.orgSlug,
      contactName: "Mallory Caller",
      contactEmail: "mallory.callback@example.com",
      contactPhone: "5125550100",
      message: "Call me",
    }),
  },
  "GET /api/contacts": { access: "member" },
  "DELETE /api/contacts": { access: "member", body: (a) => ({ contactIds: [a.contactId] }) },
  "GET /api/contacts/[id]": { access: "member", params: { id: "contact" } },
  "PUT /api/contacts/[id]": { access: "member", params: { id: "contact" }, body: () => contactBody() },
  "DELETE /api/contacts/[id]": { access: "member", params: { id: "contact" } },
  "GET /api/contacts/[id]/eligibility": { access: "member", params: { id: "contact" } },
  "GET /api/contacts/[id]/follow-ups": { access: "member", params: { id: "contact" } },
  "GET /api/contacts/[id]/scheduled-emails": { access: "member", params: { id: "contact" } },
  "POST /api/contacts/[id]/send-quote-email": { access: "member", params: { id: "contact" }, body: () => ({}) },
  "GET /api/contacts/[id]/household": { access: "member", params: { id: "contact" } },
  "POST /api/contacts/[id]/household": {
    access: "member",
    params: { id: "contact" },
    body: (a) => ({ partnerId: a.contactId }),
  },
  "GET /api/contacts/[id]/sms-consent": { access: "member", params: { id: "contact" } },
  "POST /api/contacts/[id]/sms-consent": {
    access: "member",
    params: { id: "contact" },
    body: () => ({ action: "consent", text: "I agree to receive Medicare Supplement quote texts." }),
  },
  "POST /api/contacts/bulk-import": {
    access: "member",
    body: () => ({
      contacts: [{ rowNumber: 2, firstName: "Mallory", lastName: "Import", email: "mallory.import@example.com" }],
      overwriteExisting: true,
      agentId: null,
    }),
  },
  "GET /api/contacts/check-email/[email]": { access: "member", params: { email: "email" } },
  "POST /api/contacts/create": { access: "member", body: () => contactBody() },
  "GET /api/contacts/email-tracking/[id]": { access: "member", params: { id: "contact" } },
  "GET /api/contacts/export": { access: "member" },
  "POST /api/contacts/import-jobs": {
    access: "member",
    body: () => ({ overwriteExisting: false, agentId: null, totalRows: 1 }),
  },
  "DELETE /api/contacts/import-jobs/[id]": { access: "member", params: { id: "import-job" } },
  "POST /api/contacts/import-jobs/[id]/chunks": {
    access: "member",
    params: { id: "import-job" },
    body: () => ({
      index: 0,
      contacts: [{ rowNumber: 2, firstName: "Mallory", lastName: "Chunk", email: "mallory.chunk@example.com" }],
    }),
  },
  "POST /api/contacts/import-jobs/[id]/commit": { access: "member", params: { id: "import-job" } },
  "PUT /api/contacts/reassign": { access: "admin", body: (a) => ({ contactIds: [a.contactId], agentId: a.agentId }) },
  "POST /api/create-checkout-session": { access: "admin" },
  "GET /api/cron/daily": { access: "cron" },
  "POST /api/cron/daily": { access: "cron" },
  "GET /api/cron/outreach": { access: "cron" },
  "POST /api/cron/outreach": { access: "cron" },
  "GET /api/dashboard/renewals": { access: "member" },
  "GET /api/dashboard/send-ranking": { access: "member" },
  "GET /api/dashboard/stats": { access: "member" },
  "GET /api/dashboard/time-series": { access: "member" },
  "GET /api/data/public/hhd.csv": { access: "public" },
  "POST /api/dev/access": { access: "public" },
  "POST /api/dev/outreach/run": { access: "dev" },
  "POST /api/dev/rate-limits/reset": { access: "dev" },
  "GET /api/health": { access: "public" },
  "POST /api/households/[id]/confirm": { access: "member", params: { id: "household" } },
  "POST /api/households/[id]/dismiss": { access: "member", params: { id: "household" } },
  "GET /api/inngest": { access: "inngest" },
  "POST /api/inngest": { access: "inngest" },
  "PUT /api/inngest": { access: "inngest" },
  "GET /api/me": { access: "public" },
  "POST /api/onboarding/agents": { access: "admin" },
  "POST /api/onboarding/company": {
    access: "admin",
    body: () => ({
      companyName: "Mallory Agency",
      companyPhone: "5125550100",
      companyWebsite: "",
      bookingLink: "",
      primaryColor: "#6B46C1",
      secondaryColor: "#9F7AEA",
    }),
  },
  "POST /api/onboarding/complete": { access: "admin" },
  "POST /api/onboarding/licensing": { access: "admin" },
  "GET /api/onboarding/resume": { access: "member" },
  "GET /api/org/[slug]/details": { access: "public", params: { slug: "org-slug" } },
  "POST /api/org/[slug]/eligibility-answers": { access: "public", params: { slug: "org-slug" } },
  "GET /api/org/[slug]/logo": { access: "public", params: { slug: "org-slug" } },
  "POST /api/org/[slug]/temp-contact": { access: "public", challenge: "temp-contact", params: { slug: "org-slug" } },
  "POST /api/organizations": {
    access: "public",
    body: () => ({
      firstName: "Mallory",
      lastName: "Signup",
      organizationName: "Mallory Agency",
      email: `mallory.${Date.now()}@example.com`,
      phone: "5125550100",
    }),
  },
  "GET /api/organizations/[orgId]/subscription": { access: "member", params: { orgId: "org-id" } },
  "PUT /api/organizations/[orgId]/subscription": {
    access: "admin",
    params: { orgId: "org-slug" },
    body: () => ({ tierId: "pro", extraAgents: 0, extraContacts: 0 }),
  },
  "GET /api/organizations/check-email/[email]": { access: "public", params: { email: "email" } },
  "POST /api/organizations/exit-demo-mode": { access: "admin" },
  "GET /api/organizations/my-subscription": { access: "member" },
  "POST /api/organizations/set-go-live-date": { access: "admin" },
  "GET /api/organizations/subscription-tiers": { access: "member" },
  "GET /api/profile": { access: "member" },
  "PUT /api/profile": {
    access: "member",
    body: () => ({ firstName: "Mallory", lastName: "Profile", phone: "5125550100", signature: "Mallory" }),
  },
  "POST /api/profile/complete-walkthrough": { access: "member" },
  "POST /api/profile/dismiss-contacts-tutorial": { access: "member" },
  "GET /api/quotes/decode/[id]": { access: "public", params: { id: "token" } },
  "POST /api/quotes/generate/[contactId]": { access: "member", params: { contactId: "contact" } },
  "POST /api/quotes": { access: "public" },
  "GET /api/schedule/info/[id]": { access: "public", params: { id: "token" } },
  "GET /api/self-service-info": { access: "member" },
  "GET /api/self-service/[orgIdOrSlug]": { access: "public", params: { orgIdOrSlug: "org-slug" } },
  "POST /api/self-service/generate-quote": { access: "public" },
  "POST /api/self-service/confirm-email": {
    access: "public",
    body: () => ({ token: "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" }),
  },
  "POST /api/self-service/signup": {
    access: "public",
    challenge: "self-signup",
    body: (a) => ({
      orgId: a.orgSlug,
      email: "mallory.signup@example.com",
      firstName: "Mallory",
      lastName: "Signup",
      phoneNumber: "5125550100",
      zipCode: "78701",
      dateOfBirth: "1955-04-12",
      gender: "F",
      tobacco: false,
      optInQuarterlyUpdates: true,
    }),
  },
  "POST /api/self-service/update-location": { access: "public" },
  "POST /api/self-service/update-quote-details": { access: "public" },
  "GET /api/session-status": { access: "member" },
  "GET /api/settings": { access: "member" },
  "GET /api/settings/carriers": { access: "member" },
  "GET /api/settings/gi-recommendations": { access: "member" },
  "GET /api/settings/org": { access: "member" },
  "PUT /api/settings/org": { access: "admin" },
  "GET /api/settings/outreach-delay": { access: "member" },
  "GET /api/settings/rider-price-ranges/[state]": { access: "member", params: { state: "state" } },
  "POST /api/stripe/create-checkout-session": { access: "admin" },
  "POST /api/stripe/payment-complete": { access: "admin" },
  "GET /api/stripe/payment-status": { access: "member" },
  "GET /api/stripe/redirect-to-checkout": { access: "member", query: "?session_id=cs_test_security_suite" },
  "GET /api/stripe/subscription-status": { access: "member" },
  "GET /api/subscription/calculate-tier/[n]": { access: "public", params: { n: "number" } },
  "GET /api/subscription/pricing": { access: "public" },
  "GET /api/t/click/[id]": { access: "public", params: { id: "token" } },
  "GET /api/t/open/[id]": { access: "public", params: { id: "token" } },
  "POST /api/tracking/log-tracking-click": { access: "public" },
  "GET /api/unsubscribe": { access: "public" },
  "POST /api/unsubscribe": { access: "public" },
  "POST /api/waitlist": {
    access: "public",
    body: () => ({
      name: "Mallory",
      email: "mallory.waitlist@example.com",
      phone: "5125550100",
      numAgents: "2",
      bookSize: "300",
    }),
  },
  "POST /api/webhooks/resend": { access: "webhook" },
  "POST /api/webhooks/stripe": { access: "webhook" },
  "POST /api/webhooks/twilio/sms": { access: "webhook" },
  "GET /api/zip-lookup/[zip]": { access: "public", params: { zip: "zip" } },
  "GET /api/zipinfo/[zip]": { access: "public", params: { zip: "zip" } },
};
