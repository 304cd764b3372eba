import type { Metadata } from "next";
import Link from "next/link";
import { PublicHeader } from "@/components/layout/public-header";
import { ContactUsForm } from "@/components/marketing/contact-us-form";
import { MarketingFooter } from "@/components/marketing/marketing-footer";
import { getEnv } from "@/lib/env";

// The root layout's title template adds " - {product}": the tab reads "Contact Us - {product}".
export const metadata: Metadata = { title: "Contact Us" };

const QUICK_HELP = [
  { label: "Schedule a Demo", href: "/schedule-main" },
  { label: "View Pricing", href: "/pricing" },
  { label: "Watch Platform Walkthrough", href: "/dashboard?payment_success=true" },
] as const;

/** /contact-us (client-side.md §2 "Contact Us page"): Get in Touch, Quick Help and the message form. */
export default function ContactUsPage() {
  const { productName, supportEmail } = getEnv();
  return (
    <div className="flex min-h-screen flex-col bg-gray-50">
      <PublicHeader productName={productName} />
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-10 sm:px-6 sm:py-16">
        <h1 className="text-3xl font-extrabold tracking-tight text-gray-900 sm:text-4xl">Contact Us</h1>
        <p className="mt-2 max-w-2xl text-gray-600">
          Questions about {productName}, your account or a demo? Send us a message and we will answer by email.
        </p>
        <div className="mt-8 grid gap-6 lg:grid-cols-3">
          <aside className="space-y-6 lg:col-span-1">
            <section aria-labelledby="get-in-touch" className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-200">
              <h2 id="get-in-touch" className="text-lg font-semibold text-gray-900">
                Get in Touch
              </h2>
              <p className="mt-2 text-sm text-gray-600">Email our support team:</p>
              <a
                href={`mailto:${supportEmail}`}
                className="mt-1 inline-block break-all font-medium text-brand-600 hover:underline"
              >
                {supportEmail}
              </a>
            </section>
            <section aria-labelledby="quick-help" className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-200">
              <h2 id="quick-help" className="text-lg font-semibold text-gray-900">
                Quick Help
              </h2>
              <ul className="mt-3 space-y-2">
                {QUICK_HELP.map((link) => (
                  <li key={link.href}>
                    <Link href={link.href} className="text-sm font-medium text-brand-600 hover:underline">
                      {link.label} →
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          </aside>
          <section
            aria-label="Contact form"
            className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-200 lg:col-span-2"
          >
            <ContactUsForm />
          </section>
        </div>
      </main>
      <MarketingFooter productName={productName} supportEmail={supportEmail} />
    </div>
  );
}
