import Link from "next/link";
import { PublicHeader } from "@/components/layout/public-header";
import { SignedInHome } from "@/components/layout/signed-in-home";
import { currentAccount } from "@/lib/auth/page-guard";
import { getEnv } from "@/lib/env";

export const dynamic = "force-dynamic";

const steps = [
  { title: "Upload", text: "Bring your book of business in by CSV or one contact at a time. Each agency's data is kept apart by the database itself." },
  { title: "Engage", text: "Each contact gets personalized Medicare Supplement quotes by email at the right moments: birthday, policy anniversary, rate increases and AEP." },
  { title: "Retain & Reset", text: "Contacts compare real quotes, answer the health questions and book a call with you, on pages that carry your brand." },
];

export default async function HomePage() {
  const env = getEnv();
  const account = await currentAccount();
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
        <section className="mx-auto max-w-6xl px-6 py-20 text-center">
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">Boost Your Medigap Renewals</h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-gray-600">
            {env.productName} emails every contact in your book personalized Medicare Supplement quotes at the moments that
            matter, then hands you the ones ready to switch.
          </p>
        </section>
        <section className="bg-gray-50 py-16" aria-labelledby="how-it-works">
          <div className="mx-auto max-w-6xl px-6">
            <h2 id="how-it-works" className="text-center text-2xl font-bold">
              Here&apos;s how it works
            </h2>
            <ol className="mt-10 grid gap-6 md:grid-cols-3">
              {steps.map((step, index) => (
                <li key={step.title} className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-100">
                  <span className="text-sm font-semibold text-brand-600">Step {index + 1}</span>
                  <h3 className="mt-1 text-lg font-semibold">{step.title}</h3>
                  <p className="mt-2 text-sm text-gray-600">{step.text}</p>
                </li>
              ))}
            </ol>
          </div>
        </section>
      </main>
      <footer className="border-t border-gray-100 py-8 text-center text-sm text-gray-500">
        <p>
          Questions? <a className="text-brand-600 hover:underline" href={`mailto:${env.supportEmail}`}>{env.supportEmail}</a>
        </p>
        <p className="mt-1">© {new Date().getFullYear()} {env.productName}. All rights reserved.</p>
        {!env.isProduction ? (
          <p className="mt-1">
            <Link href="/dev/outbox" className="hover:text-gray-900 hover:underline">
              Developer outbox
            </Link>
          </p>
        ) : null}
      </footer>
    </div>
  );
}
