import type { Metadata } from "next";
import Link from "next/link";
import { SignupForm } from "@/components/accounts/signup-form";
import { getEnv } from "@/lib/env";

export const metadata: Metadata = { title: "Sign Up" };

export default function SignupPage() {
  const { productName } = getEnv();
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-gray-50 px-4 py-12 sm:px-6">
      <Link href="/" className="mb-8 text-xl font-bold text-brand-600">
        {productName}
      </Link>
      <SignupForm />
    </main>
  );
}
