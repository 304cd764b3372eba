import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { SignupForm } from "@/components/accounts/signup-form";
import { clampFrame } from "@/lib/accounts/signup-schema";
import { getEnv } from "@/lib/env";

export const metadata: Metadata = { title: "Sign Up" };

type SearchParams = Record<string, string | string[] | undefined>;

function first(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? "";
}

/**
 * Onboarding prefill: /onboarding?firstName=&lastName=&email=&phone=&frame= opens the signup form
 * filled in. Without a first name, last name and email it goes to /signup. `frame` is clamped to 1–4.
 */
export default async function OnboardingPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  const prefill = {
    firstName: first(params.firstName),
    lastName: first(params.lastName),
    email: first(params.email),
    phone: first(params.phone),
  };
  if (!prefill.firstName || !prefill.lastName || !prefill.email) redirect("/signup");
  const frame = clampFrame(params.frame);
  const { productName } = getEnv();

  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-gray-50 px-4 py-12 sm:px-6">
      <Link href="/" className="mb-8 text-xl font-bold text-brand-600">
        {productName}
      </Link>
      <SignupForm prefill={prefill} frame={frame} />
    </main>
  );
}
