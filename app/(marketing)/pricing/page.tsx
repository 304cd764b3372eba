import type { Metadata } from "next";
import { PricingCalculator } from "@/components/billing/pricing-calculator";
import { PublicHeader } from "@/components/layout/public-header";
import { getEnv } from "@/lib/env";

export const metadata: Metadata = { title: "Pricing" };

export default function PricingPage() {
  const { productName } = getEnv();
  return (
    <div className="flex min-h-screen flex-col bg-gray-50">
      <PublicHeader productName={productName} />
      <main className="mx-auto w-full max-w-5xl flex-1 px-4 py-10 sm:px-6">
        <h1 className="text-center text-3xl font-extrabold tracking-tight sm:text-4xl">Pricing</h1>
        <p className="mx-auto mt-3 mb-8 max-w-2xl text-center text-gray-600">
          One simple price that grows with your book of business. See what {productName} is worth to your agency.
        </p>
        <PricingCalculator />
      </main>
    </div>
  );
}
