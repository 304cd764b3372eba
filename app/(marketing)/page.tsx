import type { Metadata } from "next";
import Link from "next/link";
import { PublicHeader } from "@/components/layout/public-header";
import { SignedInHome } from "@/components/layout/signed-in-home";
import { ClientShowcase, type ShowcaseItem } from "@/components/marketing/client-showcase";
import { MarketingFooter } from "@/components/marketing/marketing-footer";
import { buttonClass } from "@/components/ui/button";
import { cx } from "@/components/ui/cx";
import { focusRing } from "@/components/ui/focus";
import { cookies, headers } from "next/headers";
import { currentAccount } from "@/lib/auth/page-guard";
import { hasDevToolsAccess } from "@/lib/dev-tools/dev-access";
import { getEnv } from "@/lib/env";

export const dynamic = "force-dynamic";

export function generateMetadata(): Metadata {
  return { title: { absolute: `${getEnv().productName} - Boost Your Medigap Renewals` } };
}

// Pictures of the real product: screenshots taken by the browser suite (e2e/dashboard.e2e.mjs), cropped to a phone screen.
// Every sentence below must stay true of the product: it describes what the code does today.
const STEPS = [
  {
    title: "Upload",
    text: "Bring your book of business in by CSV or one contact at a time. Each agency's data is kept apart by the database's row-level security.",
  },
  {
    title: "Engage",
    text: "Each contact gets personalized Medicare Supplement quotes by email at the moments that matter (birthday, policy anniversary, rate increases, AEP), with follow-ups for those who looked but did not answer.",
  },
  {
    title: "Retain & Reset",
    text: "Contacts compare quotes and answer the health questions online before they book a call, so your call is for checking answers and switching, not for a long interview.",
  },
];

const FEATURES = [
  {
    title: "Simple Quote to Call Flow",
    text: "Email, quote comparison, health questions and a booking or callback request: one path a client can finish on their phone.",
  },
  {
    title: "Non-Commissionable Protection",
    text: "Outreach waits until a policy is past the delay you choose (one to three years after its effective date), so you do not prompt an early switch.",
  },
  {
    title: "Live Analytics",
    text: "The dashboard counts quotes sent, viewed and health questions completed from the actual events, for the period you pick, in your agency's time zone.",
  },
  {
    title: "Activity Notifications",
    text: "When a client first views their quote, completes the health questions or asks for a call, the agent gets an email with the details.",
  },
  {
    title: "Carrier and Licensing Control",
    text: "Choose the carriers you are contracted with and the states you are licensed in; quotes and outreach follow those settings.",
  },
  {
    title: "Agent or Agency Setup",
    text: "Send under the agency's name and details, or let each agent use their own signature, phone and booking link.",
  },
  {
    title: "Households",
    text: "Spouses at one address are paired once you confirm them: one email for the household, each with their own quotes.",
  },
  {
    title: "Carrier Strength and Rate History",
    text: "Each quote shows the carrier's AM Best rating and rate history when the rate source has them.",
  },
  {
    title: "Quote Links by Text",
    text: "Quote links by text message, only to clients who agreed to texts, never at night.",
  },
];

const FAQ = [
  {
    q: "Which emails do my clients receive?",
    a: "Quote emails around each client's birthday and policy anniversary, for carrier rate increases and before AEP, plus follow-ups based on what the client did. Until you go live, nothing reaches a client: the emails for your first 5 contacts come to you (each to the contact's agent) instead, marked [TEST], so you can see what clients will get.",
  },
  {
    q: "How is my data protected?",
    a: "Every agency's records are separated by PostgreSQL row-level security, so one agency's queries cannot read another's rows. Health-question answers are encrypted at rest, and a client's quotes and answers open only through unguessable links that expire.",
  },
  {
    q: "How will I know when a client responds?",
    a: "The assigned agent (or your default agent) gets an email when a client first views their quote, when they complete the health questions and when they ask for a call; the dashboard counts this activity and the contact list shows who.",
  },
  {
    q: "Do emails come from my agency?",
    a: "Yes. Emails and client pages carry your agency's name, logo and colors, and the sender name is your agency (or the agent, if you allow it).",
  },
];

const SHOWCASE: ShowcaseItem[] = [
  {
    key: "email",
    label: "Email",
    title: "A personal quote in their inbox",
    text: "Each email is addressed to the client and links to their own quote page, branded with your agency's name and colors.",
    image: {
      src: "/marketing/showcase-email.png",
      width: 390,
      height: 660,
      alt: "A quote email on a phone: Your personalized quotes are ready, with a button to see them",
    },
  },
  {
    key: "quotes",
    label: "Quotes",
    title: "Real plan prices, side by side",
    text: "The quote page lists the lowest monthly premiums for the client's plan, age and ZIP, with household discounts where the carrier offers them.",
    image: {
      src: "/marketing/showcase-quotes.png",
      width: 390,
      height: 844,
      alt: "The client's quote page on a phone, listing Plan G premiums by carrier",
    },
  },
  {
    key: "underwriting",
    label: "Underwriting",
    title: "Health questions before the call",
    text: "Clients answer the underwriting questions online. You see the outcome on the contact and call the ones ready to switch.",
    image: {
      src: "/marketing/showcase-underwriting.png",
      width: 390,
      height: 844,
      alt: "The underwriting assessment on a phone, with Yes and No answers per question",
    },
  },
];

export default async function HomePage() {
  const env = getEnv();
  const account = await currentAccount();
  // The outbox link only for whoever may open it (lib/dev-tools): this machine under npm start, a key holder, the sample admin.
  const showDevLinks = await hasDevToolsAccess({ headers: await headers(), cookies: await cookies() });
  if (account) {
    return (
      <main className="min-h-screen bg-gray-50">
        <SignedInHome firstName={account.user.firstName} isAdmin={account.user.isAdmin} productName={env.productName} />
      </main>
    );
  }
  return (
    <div className="flex min-h-screen flex-col">
      <PublicHeader productName={env.productName} />
      <main className="flex-1">
        <section className="bg-gradient-to-b from-brand-50 to-white">
          <div className="mx-auto max-w-6xl px-6 py-16 text-center sm:py-24">
            <h1 className="text-4xl font-extrabold tracking-tight text-gray-900 sm:text-5xl">
              Boost Your Medigap Renewals
            </h1>
            <p className="mx-auto mt-6 max-w-2xl text-lg text-gray-600">
              {env.productName} emails every contact in your book personalized Medicare Supplement quotes at the moments
              that matter, then shows you the ones ready to switch.
            </p>
            <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
              <Link href="/signup" className={buttonClass({ size: "lg", fullWidth: true, className: "sm:w-auto" })}>
                Signup
              </Link>
              <Link
                href="/demo"
                className={buttonClass({ variant: "secondary", size: "lg", fullWidth: true, className: "sm:w-auto" })}
              >
                Try It Out
              </Link>
            </div>
          </div>
        </section>

        <section className="py-16" aria-labelledby="how-it-works">
          <div className="mx-auto max-w-6xl px-6">
            <h2 id="how-it-works" className="text-center text-2xl font-bold sm:text-3xl">
              Here&apos;s how it works
            </h2>
            <ol className="mt-10 grid gap-6 md:grid-cols-3">
              {STEPS.map((step, index) => (
                <li key={step.title} className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-100">
                  <span className="text-sm font-semibold text-brand-600">Step {index + 1}</span>
                  <h3 className="mt-1 text-lg font-semibold">{step.title}</h3>
                  <p className="mt-2 text-sm text-gray-600">{step.text}</p>
                </li>
              ))}
            </ol>
          </div>
        </section>

        <section className="bg-gray-50 py-16" aria-labelledby="client-experience">
          <div className="mx-auto max-w-6xl px-6">
            <h2 id="client-experience" className="mb-10 text-center text-2xl font-bold sm:text-3xl">
              What your clients see
            </h2>
            <ClientShowcase items={SHOWCASE} />
          </div>
        </section>

        <section className="py-16" aria-labelledby="features">
          <div className="mx-auto max-w-6xl px-6">
            <h2 id="features" className="text-center text-2xl font-bold sm:text-3xl">
              Built for Medigap agencies
            </h2>
            <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {FEATURES.map((feature) => (
                <li key={feature.title} className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-100">
                  <h3 className="text-lg font-semibold text-gray-900">{feature.title}</h3>
                  <p className="mt-2 text-sm text-gray-600">{feature.text}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section className="bg-gray-50 py-16" aria-labelledby="faq">
          <div className="mx-auto max-w-3xl px-6">
            <h2 id="faq" className="text-center text-2xl font-bold sm:text-3xl">
              Frequently asked questions
            </h2>
            <div className="mt-8 space-y-3">
              {FAQ.map((item) => (
                <details key={item.q} className="group rounded-lg bg-white p-5 shadow-sm ring-1 ring-gray-100">
                  <summary
                    className={cx(
                      "flex min-h-11 cursor-pointer list-none items-center justify-between gap-4 font-semibold text-gray-900",
                      focusRing,
                    )}
                  >
                    {item.q}
                    <span aria-hidden="true" className="text-brand-600 transition-transform group-open:rotate-45">
                      +
                    </span>
                  </summary>
                  <p className="mt-3 text-sm text-gray-600">{item.a}</p>
                </details>
              ))}
            </div>
          </div>
        </section>
      </main>
      <MarketingFooter productName={env.productName} supportEmail={env.supportEmail} showDevLinks={showDevLinks} />
    </div>
  );
}
