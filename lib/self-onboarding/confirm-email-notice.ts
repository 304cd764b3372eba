// Its own module, free of zod: the compare page (a client component) shows it, and importing it from
// self-service-schema.ts pulled zod (about 30 KB gzipped) into the page's first-load JavaScript.

/** The quote page's note while the signup's address is not confirmed yet. */
export function confirmEmailNotice(email: string, organizationName: string): string {
  return `We sent an email to ${email}. Please open it and press "Confirm my email", so that ${organizationName} can send you your quotes and updates.`;
}
