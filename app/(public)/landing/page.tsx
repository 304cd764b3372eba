import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { BrandHeader } from "@/components/call-booking/brand-header";
import { loadLandingPage } from "@/lib/call-booking/landing";
import { readableTextOn } from "@/lib/organizations/brand-contrast";

export const dynamic = "force-dynamic";
export const metadata: Metadata = {
  title: { absolute: "Your Medicare Supplement Quotes" },
  robots: { index: false, follow: false },
};

/** /landing?id=<token>: a short branded greeting that leads to the contact's quotes. */
export default async function LandingPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const model = await loadLandingPage({ params: await searchParams, now: new Date() });
  if (model.kind === "redirect") redirect(model.to);
  const { brand, firstName, compareHref } = model;
  return (
    <div className="min-h-screen bg-gray-50">
      <BrandHeader brand={brand} />
      <main className="mx-auto max-w-xl px-4 py-10 text-center">
        <h1 className="text-2xl font-extrabold tracking-tight text-gray-900 sm:text-3xl">
          Hi {firstName}, your quotes are ready
        </h1>
        <p className="mt-4 text-base leading-relaxed text-gray-600">
          {brand.name} compared Medicare Supplement prices from the carriers we work with. Identical coverage can cost
          less with another carrier: take a look at what we found for you.
        </p>
        <a
          href={compareHref}
          className="mt-8 inline-flex min-h-11 w-full items-center justify-center rounded-md px-6 py-3 text-base font-semibold shadow-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-offset-2 sm:w-auto"
          style={{ backgroundColor: brand.color, color: readableTextOn(brand.color) }}
        >
          View Your Quotes
        </a>
      </main>
    </div>
  );
}
