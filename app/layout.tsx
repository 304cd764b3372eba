import type { Metadata } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { PreviewBanner } from "@/components/layout/preview-banner";
import { getEnv } from "@/lib/env";
import "./globals.css";

export function generateMetadata(): Metadata {
  const product = getEnv().productName;
  return {
    title: { default: `${product} - Boost Your Medigap Renewals`, template: `%s - ${product}` },
    description: "Personalized Medicare Supplement quotes, sent to your book of business at the right moments.",
  };
}

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page renders per request: its scripts carry the nonce of that request's Content-Security-Policy
  // (proxy.ts). A page prerendered at build time would have scripts without one, which the policy blocks.
  await connection();
  return (
    <html lang="en">
      <body className="min-h-screen bg-white font-sans text-gray-900">
        {getEnv().isPreview ? <PreviewBanner productName={getEnv().productName} /> : null}
        {children}
      </body>
    </html>
  );
}
