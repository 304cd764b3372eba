import type { Metadata } from "next";
import Link from "next/link";
import {
  MISSING_ORGANIZATION_MESSAGE,
  MISSING_QUOTE_ID_MESSAGE,
  TOO_MANY_QUOTES_MESSAGE,
} from "@/lib/quotes/compare-page";
import { QUOTE_NOT_FOUND_MESSAGE } from "@/lib/quotes/quote-links";

export const metadata: Metadata = {
  title: { absolute: "Something went wrong" },
  robots: { index: false, follow: false },
};

const FALLBACK = "Something went wrong. Please try again.";
/**
 * Only the app's own messages are shown: echoing any text from the URL would let a crafted link put
 * words ("call this number…") on a page that carries the product's name.
 */
const KNOWN_MESSAGES = new Set([
  MISSING_QUOTE_ID_MESSAGE,
  QUOTE_NOT_FOUND_MESSAGE,
  MISSING_ORGANIZATION_MESSAGE,
  TOO_MANY_QUOTES_MESSAGE,
  "No parameters provided. Please provide either a quote ID or organization ID.",
]);

/** /error?message=…: where public pages send a visitor whose link is missing, invalid or expired. */
export default async function ErrorPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { message } = await searchParams;
  const text = typeof message === "string" && KNOWN_MESSAGES.has(message.trim()) ? message.trim() : FALLBACK;
  return (
    <main className="flex min-h-screen flex-col items-center justify-center px-6 text-center">
      <h1 className="text-2xl font-bold tracking-tight text-gray-900">We couldn&apos;t open that page</h1>
      <p role="alert" className="mt-3 max-w-md text-gray-600">
        {text}
      </p>
      <p className="mt-2 max-w-md text-sm text-gray-500">
        If you followed a link from an email, ask your agent to send you a new one.
      </p>
      <Link
        href="/"
        className="mt-6 inline-flex min-h-11 items-center rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2"
      >
        Go to the home page
      </Link>
    </main>
  );
}
