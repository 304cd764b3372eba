import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { DevAccessForm } from "@/components/dev-tools/dev-access-form";
import { isDevAccessPageOpen } from "@/lib/dev-tools/dev-access";

export const metadata: Metadata = { title: "Outbox access", robots: { index: false, follow: false } };
export const dynamic = "force-dynamic";

/** /dev/access: where a reviewer of a preview enters OUTBOX_ACCESS_KEY. Exists only where such a key is configured. */
export default function DevAccessPage() {
  if (!isDevAccessPageOpen()) notFound();
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col justify-center px-6 py-12">
      <h1 className="text-2xl font-bold">Outbox access</h1>
      <p className="mt-2 text-base text-gray-700">
        This deployment keeps every email it sends in its outbox, sign-in links included. Enter the outbox access key to
        open it.
      </p>
      <DevAccessForm />
    </main>
  );
}
