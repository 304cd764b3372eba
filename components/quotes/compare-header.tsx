import type { CompareBrand } from "@/lib/quotes/compare-page";
import { formatStoredPhone } from "@/lib/phone/phone";

/**
 * The compare page's top bar: the agency's logo (or name) and the number to call, with the brand colour's top border.
 * No state: the one-person page's client view and the two-person page's server frame both render it.
 */
export function CompareHeader({
  brand,
  color,
  ink,
  wide = false,
}: {
  brand: CompareBrand;
  color: string;
  ink: string;
  /** The two-person page's width on a wide screen (its two columns). */
  wide?: boolean;
}) {
  // The name and the logo may shrink and the name breaks anywhere: beside the number to call, a long name or a
  // wide logo pushed the page past 320 px (e2e/long-names.e2e.mjs).
  return (
    <header className="border-b border-gray-200 bg-white px-4 py-3" style={{ borderTop: `4px solid ${color}` }}>
      <div className={`mx-auto flex max-w-2xl items-center justify-between gap-3${wide ? " lg:max-w-6xl" : ""}`}>
        {brand.logoUrl ? (
          // eslint-disable-next-line @next/next/no-img-element -- the agency's logo, served by our own route with cache headers
          <img
            src={brand.logoUrl}
            alt={brand.name}
            className="max-h-12 w-auto max-w-[225px] min-w-0 object-contain sm:max-h-[75px] sm:max-w-[450px]"
          />
        ) : (
          <p className="min-w-0 text-lg font-bold [overflow-wrap:anywhere]" style={{ color: ink }}>
            {brand.name}
          </p>
        )}
        {brand.phone ? (
          <a
            href={`tel:${brand.phone}`}
            className="inline-flex min-h-11 shrink-0 items-center text-sm font-semibold underline-offset-2 hover:underline"
            style={{ color: ink }}
          >
            {formatStoredPhone(brand.phone)}
          </a>
        ) : null}
      </div>
    </header>
  );
}
