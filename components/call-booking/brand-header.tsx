import type { ScheduleBrand } from "@/lib/call-booking/booking";
import { brandInkOnWhite } from "@/lib/organizations/brand-contrast";

/** The agency's logo (or name) over a bar in its colour: public pages carry the agency's brand, not ours. */
export function BrandHeader({ brand }: { brand: ScheduleBrand }) {
  return (
    <header className="border-b border-gray-200 bg-white px-4 py-3" style={{ borderTop: `4px solid ${brand.color}` }}>
      <div className="mx-auto flex max-w-xl items-center justify-center">
        {brand.logoUrl ? (
          // eslint-disable-next-line @next/next/no-img-element -- the agency's logo, served by our own route with cache headers
          <img src={brand.logoUrl} alt={brand.name} className="max-h-12 w-auto max-w-[225px] object-contain" />
        ) : (
          <p
            className="min-w-0 text-lg font-bold [overflow-wrap:anywhere]"
            style={{ color: brandInkOnWhite(brand.color) }}
          >
            {brand.name}
          </p>
        )}
      </div>
    </header>
  );
}
