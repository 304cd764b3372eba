-- An agent's booking link is shown to clients only while the agent's Calendar Booking Link option is on
-- (users.calendar_enabled, #16). The profile form clears the link when the option is switched off, so a
-- user holding a link with the option off got it from an admin (Manage Agents) or the onboarding wizard,
-- which did not switch the option on: they offer it.
UPDATE "users" SET "calendar_enabled" = true WHERE "booking_link" IS NOT NULL AND "booking_link" <> '' AND "calendar_enabled" = false;
