"use client";

import { Button } from "@/components/ui/button";

/** Shown when the app fails to start or render: says so, and offers the one thing that usually helps. */
export function ErrorScreen({
  digest,
  onRefresh = () => window.location.reload(),
}: {
  digest?: string;
  onRefresh?: () => void;
}) {
  return (
    <main role="alert" className="flex min-h-screen flex-col items-center justify-center px-6 text-center">
      <h1 className="text-2xl font-bold">Something went wrong</h1>
      <p className="mt-3 max-w-md text-gray-600">
        The app could not load this page. Refreshing usually fixes it; if it doesn&apos;t, please contact support.
      </p>
      {digest ? <p className="mt-2 text-xs text-gray-600">Reference: {digest}</p> : null}
      <Button onClick={onRefresh} className="mt-6">
        Refresh
      </Button>
    </main>
  );
}
