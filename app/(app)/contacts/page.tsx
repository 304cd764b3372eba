import type { Metadata } from "next";
import Link from "next/link";
import { requirePageAccount } from "@/lib/auth/page-guard";
import { listContactsForViewer } from "@/lib/contacts/list-contacts-for-viewer";

export const metadata: Metadata = { title: "Contacts" };

const formatPhone = (digits: string | null) => (digits && /^\d{10}$/.test(digits) ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : (digits ?? "—"));
const formatDate = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : "—");

/** The book of business: the first page of the viewer's contacts (non-admin agents see their own). */
export default async function ContactsPage() {
  const { user, organization } = await requirePageAccount("/contacts");
  const { contacts, total } = await listContactsForViewer({ organizationId: organization.id, viewer: { id: user.id, isAdmin: user.isAdmin }, query: {}, now: new Date() });
  return (
    <main className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold">Contacts ({total.toLocaleString("en-US")})</h1>
      {contacts.length === 0 ? (
        <p className="mt-8 rounded-lg bg-white p-8 text-center text-gray-500 ring-1 ring-gray-200">No contacts found</p>
      ) : (
        <div className="mt-6 overflow-x-auto rounded-lg bg-white ring-1 ring-gray-200">
          <table className="min-w-full divide-y divide-gray-200 text-sm">
            <thead className="bg-gray-50 text-left text-xs font-semibold uppercase tracking-wide text-gray-500">
              <tr>
                <th scope="col" className="px-4 py-3">Name</th>
                <th scope="col" className="px-4 py-3">Email</th>
                <th scope="col" className="px-4 py-3">Phone</th>
                <th scope="col" className="px-4 py-3">State</th>
                <th scope="col" className="px-4 py-3">Carrier</th>
                <th scope="col" className="px-4 py-3">Eff. Date</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {contacts.map((c) => (
                <tr key={c.id} className="hover:bg-gray-50">
                  <td className="px-4 py-2 font-medium">
                    <Link href={`/contact/${c.id}`} className="hover:text-brand-600">
                      {c.firstName} {c.lastName}
                    </Link>
                  </td>
                  <td className="px-4 py-2 text-gray-600">{c.email.length > 30 ? `${c.email.slice(0, 30)}...` : c.email}</td>
                  <td className="px-4 py-2 text-gray-600">{formatPhone(c.phoneNumber)}</td>
                  <td className="px-4 py-2">{c.state ?? "—"}</td>
                  <td className="px-4 py-2">{c.currentCarrier ?? "—"}</td>
                  <td className="px-4 py-2">{formatDate(c.effectiveDate)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </main>
  );
}
