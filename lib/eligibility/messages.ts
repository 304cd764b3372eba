/** The questionnaire's user-facing strings from client-side.md (§2 "Underwriting Assessment page", §8). */
export const ELIGIBILITY_MESSAGES = {
  title: "Underwriting Assessment",
  intro:
    "In order to qualify for a new Supplemental plan you must pass medical underwriting. Please answer all questions to the best of your knowledge.",
  loading: "Loading assessment...",
  next: "Next",
  submitting: "Submitting...",
  detailsPlaceholder: "Please provide details...",
  saveFailed: "Failed to save your answers. Please try again.",
  tempContactFailed: "Failed to create temporary contact. Please try again.",
  promoHeading: "Looking to dramatically lower your monthly costs?",
  promoButton: "Explore Options",
} as const;
