-- Data only. An agency whose calendar option is on without a booking link (the column's default, before
-- onboarding turned it off for agencies that gave no link) could not save its settings unchanged: the
-- settings schema requires the link while the option is on. Where the option shows nothing anyway, it is
-- turned off: the agency speaks for its agents (force_org_sender_details), so a calendar button needs the
-- organization's link, and another contact method stays on. The rest (agents speaking for themselves,
-- whose own links the option shows) keep it, and the settings page names the missing link on load.
UPDATE "organizations"
SET "calendar_enabled" = false
WHERE "calendar_enabled"
  AND COALESCE(BTRIM("redirect_url"), '') = ''
  AND "force_org_sender_details"
  AND ("phone_enabled" OR "callback_enabled");
