/**
 * On every page of a preview deployment (lib/env.ts: VERCEL_ENV=preview or APP_ENV=preview): says that this
 * is not the real product, and that no email it sends reaches anyone but the team.
 */
export function PreviewBanner({ productName }: { productName: string }) {
  return (
    <div
      role="note"
      aria-label="Preview deployment"
      data-testid="preview-banner"
      className="bg-amber-300 px-4 py-2 text-center text-base font-semibold text-gray-900"
    >
      Preview: a test copy of {productName} for review. Its emails are held for the team, marked [PREVIEW]; none reaches
      a client.
    </div>
  );
}
