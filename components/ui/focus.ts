/**
 * The focus ring every interactive primitive shows: a 2px brand ring offset from the control, on keyboard focus
 * (buttons, links) or on any focus (text inputs, where the caret alone is easy to miss).
 */
export const focusRing =
  "focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2";
export const focusRingAlways = "focus:outline-none focus:ring-2 focus:ring-brand-600 focus:ring-offset-1";
