"use client";

import { ErrorScreen } from "@/components/layout/error-screen";
import "./globals.css";

/** A failure in the root layout itself: it must render its own <html>. */
export default function GlobalError({ error }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <html lang="en">
      <body className="font-sans">
        <ErrorScreen digest={error.digest} />
      </body>
    </html>
  );
}
