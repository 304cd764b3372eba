import { ContactLoadError } from "@/components/contacts/detail/contact-detail-view";
import { CONTACT_MESSAGES } from "@/lib/contacts/contact-schema";

/** A contact the viewer may not see, or none at all (another organization's, another agent's): 404. */
export default function ContactNotFound() {
  return <ContactLoadError message={CONTACT_MESSAGES.notFound} />;
}
