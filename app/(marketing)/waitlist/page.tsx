import type { Metadata } from "next";
import Link from "next/link";
import { WaitlistForm } from "@/components/accounts/waitlist-form";
import { getEnv } from "@/lib/env";

export const metadata: Metadata = { title: "Join the Waitlist" };

export default function WaitlistPage() {
  const { productName } = getEnv();
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-gray-50 px-4 py-12 sm:px-6">
      <Link href="/" className="mb-8 text-xl font-bold text-brand-600">
        {productName}
      </Link>
      <WaitlistForm />
    </main>
  );
}
