import type { Metadata } from "next";
import { UnsubscribeConfirm } from "@/components/consent/unsubscribe-confirm";
import { BrandHeader } from "@/components/call-booking/brand-header";
import { loadUnsubscribePage } from "@/lib/consent/unsubscribe";

export const dynamic = "force-dynamic";
export const metadata: Metadata = {
  title: { absolute: "Unsubscribe" },
  robots: { index: false, follow: false },
  referrer: "no-referrer",
};

/** /unsubscribe?t=<signed token>: the footer link of every consumer email. Showing it changes nothing; the button does. */
export default async function UnsubscribePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { t } = await searchParams;
  const model = await loadUnsubscribePage({ token: typeof t === "string" ? t : null });
  return (
    <div className="min-h-screen bg-gray-50">
      {model.kind === "ready" ? <BrandHeader brand={model.brand} /> : null}
      <main className="mx-auto flex max-w-md flex-col px-6 py-12">
        <div className="rounded-lg bg-white p-6 shadow-sm">
          {model.kind === "ready" ? (
            <UnsubscribeConfirm
              token={model.token}
              brandName={model.brand.name}
              brandColor={model.brand.color}
              maskedEmail={model.maskedEmail}
              alreadyUnsubscribed={model.alreadyUnsubscribed}
            />
          ) : (
            <div className="text-center">
              <h1 className="text-2xl font-bold text-gray-900">Unsubscribe</h1>
              <p role="alert" className="mt-3 text-base text-gray-600">
                {model.message}
              </p>
            </div>
          )}
        </div>
      </main>
    </div>
  );
}
