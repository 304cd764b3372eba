-- "Search contacts..." finds "Zoë" when "zoe" is typed and finds a contact by carrier (#18 point 12).
-- contacts.search_text (the trigram GIN index's column) is now kept without accents and with the current
-- carrier; the list lowers and strips accents from the typed term the same way (lib/contacts/
-- list-contacts-query.ts normalizeSearchTerm), so the search stays one LIKE on the indexed column.
CREATE EXTENSION IF NOT EXISTS unaccent;

CREATE OR REPLACE FUNCTION contacts_set_search_text() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  NEW.search_text := lower(unaccent(concat_ws(' ', NEW.first_name, NEW.last_name, NEW.email, NEW.phone_number, NEW.current_carrier)));
  RETURN NEW;
END
$$;

DROP TRIGGER IF EXISTS contacts_search_text ON contacts;
CREATE TRIGGER contacts_search_text
  BEFORE INSERT OR UPDATE OF first_name, last_name, email, phone_number, current_carrier ON contacts
  FOR EACH ROW EXECUTE FUNCTION contacts_set_search_text();

UPDATE contacts
  SET search_text = lower(unaccent(concat_ws(' ', first_name, last_name, email, phone_number, current_carrier)));
