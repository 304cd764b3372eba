"use client";

import { ErrorScreen } from "@/components/layout/error-screen";

/** App-initialization or rendering failure inside the root layout. */
export default function ErrorPage({ error }: { error: Error & { digest?: string }; reset: () => void }) {
  return <ErrorScreen digest={error.digest} />;
}
