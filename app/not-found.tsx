import type { Metadata } from "next";

export const metadata: Metadata = { title: { absolute: "Page Not Found" } };

/**
 * The root's not-found boundary is part of every page's tree, so whatever client code it uses every page
 * loads: a plain link home (a full page load is fine after a 404) keeps next/link's ~3.7 KB off the pages that
 * have no link of their own, such as a quote link (docs/performance.md, "Public pages on a phone").
 */
export default function NotFound() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center px-6 text-center">
      <p className="text-sm font-semibold text-brand-600">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">Page Not Found</h1>
      <p className="mt-3 max-w-md text-gray-600">The page you are looking for doesn&apos;t exist or has moved.</p>
      {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a full load home; see above why not next/link */}
      <a
        href="/"
        className="mt-6 rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2"
      >
        Go to the home page
      </a>
    </main>
  );
}
