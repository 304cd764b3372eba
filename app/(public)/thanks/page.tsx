import type { Metadata } from "next";
import Link from "next/link";
import { thanksCompareHref } from "@/lib/call-booking/landing";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: { absolute: "Thanks" }, robots: { index: false, follow: false } };

/** /thanks[?id=<token>]: "Thanks for checking it out." (client-side.md "Marketing home"). */
export default async function ThanksPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const compareHref = await thanksCompareHref({ params: await searchParams, now: new Date() });
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-gray-50 px-6 text-center">
      <h1 className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">Thanks for checking it out.</h1>
      {compareHref ? (
        <p className="mt-4 max-w-md text-base text-gray-600">
          Want to see your quotes again?{" "}
          <a href={compareHref} className="font-semibold text-brand-600 underline-offset-4 hover:underline">
            click here
          </a>
        </p>
      ) : null}
      <Link
        href="/"
        className="mt-8 inline-flex min-h-11 items-center rounded-md bg-brand-600 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2"
      >
        Go to the homepage
      </Link>
    </main>
  );
}
