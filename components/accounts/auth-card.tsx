import Link from "next/link";
import type { ReactNode } from "react";

/** The centred card of the sign-in pages: product name on top, no signed-in bar. */
export function AuthCard({ productName, children }: { productName: string; children: ReactNode }) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-gray-50 px-4 py-12">
      <Link href="/" className="mb-6 text-2xl font-bold text-brand-600">
        {productName}
      </Link>
      <div className="w-full max-w-md rounded-xl bg-white p-8 shadow-sm ring-1 ring-gray-200">{children}</div>
    </main>
  );
}
