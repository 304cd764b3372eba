/** User-facing texts of the sign-in flow (agency-side.md §2 Login, §8). */
export const LOGIN_SENT_MESSAGE = "If your email is registered, you'll receive a login link soon.";
export const LOGIN_SENT_HINT = "Check your inbox and spam folder.";
export const LOGIN_FAILED_MESSAGE = "Failed to send login link. Please try again.";
export const LOGIN_RATE_LIMITED_MESSAGE = "Too many login links requested. Please wait a few minutes and try again.";
export const LINK_INVALID_MESSAGE = "This login link is invalid or has already been used.";
export const LINK_OTHER_AGENCY_MESSAGE = "This login link is for another agency. Request a new link to sign in.";
export const LINK_EXPIRED_MESSAGE = "This login link has expired.";
export const EMAIL_REQUIRED_MESSAGE = "Please enter your email address";
export const EMAIL_INVALID_MESSAGE = "Please enter a valid email address";
