import Link from "next/link";
import { buttonClass } from "@/components/ui/button";

export type SignedInHomeProps = { firstName: string; isAdmin: boolean; productName: string };

/** The body of / for a signed-in user: a welcome and the next places to go (admins: settings; agents: contacts). */
export function SignedInHome({ firstName, isAdmin, productName }: SignedInHomeProps) {
  const name = firstName.trim();
  const secondary = isAdmin
    ? { label: "Organization Settings", href: "/settings" }
    : { label: "Go to Contacts", href: "/contacts" };

  return (
    <section
      aria-labelledby="signed-in-home-title"
      className="mx-auto flex max-w-3xl flex-col items-center px-6 py-20 text-center sm:py-28"
    >
      <span className="rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-brand-700">
        {productName}
      </span>
      <h1 id="signed-in-home-title" className="mt-6 text-3xl font-extrabold tracking-tight text-gray-900 sm:text-4xl">
        {name ? `Welcome back, ${name}` : "Welcome back"}
      </h1>
      <p className="mt-4 max-w-xl text-base text-gray-600 sm:text-lg">
        {isAdmin
          ? "See how your outreach is performing, or fine-tune your organization's settings."
          : "See how your outreach is performing, or pick up where you left off with your contacts."}
      </p>
      <div className="mt-10 flex w-full flex-col items-stretch justify-center gap-3 sm:w-auto sm:flex-row sm:items-center">
        <Link href="/dashboard" className={buttonClass({ size: "lg" })}>
          Go to Dashboard
        </Link>
        <Link href={secondary.href} className={buttonClass({ variant: "secondary", size: "lg" })}>
          {secondary.label}
        </Link>
      </div>
    </section>
  );
}
