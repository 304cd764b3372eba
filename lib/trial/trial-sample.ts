/**
 * A trial sends a sample, not the book (lib/outreach/rules.ts limitTrialCopies): [TEST] copies of the
 * emails of the organization's first TRIAL_SAMPLE_CONTACTS contacts go to the agent; nobody else's
 * emails are sent until go-live. Pure, so the upload modal can say the same number.
 */
export const TRIAL_SAMPLE_CONTACTS = 5;

/** What the CSV upload's success step tells an organization in trial. */
export const TRIAL_IMPORT_NOTICE = `Meanwhile, you get [TEST] copies of the emails for your first ${TRIAL_SAMPLE_CONTACTS} contacts only (not one per contact), so you can see what they will receive.`;
