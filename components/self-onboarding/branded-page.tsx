import type { ReactNode } from "react";
import { brandColor } from "@/lib/organizations/brand";
import { brandInkOnWhite } from "@/lib/organizations/brand-contrast";

/** What a consumer page shows of the agency: white-labelled with its name, logo and colour. */
export type PageBrand = { name: string; logoUrl: string | null; primaryColor: string | null };

export { brandColor };

export function BrandedPage({ brand, children }: { brand: PageBrand; children: ReactNode }) {
  const color = brandColor(brand.primaryColor);
  return (
    <div className="min-h-screen bg-gray-50">
      <header className="border-b-4 bg-white px-4 py-3" style={{ borderColor: color }}>
        <div className="mx-auto flex max-w-xl items-center gap-3">
          {brand.logoUrl ? (
            // eslint-disable-next-line @next/next/no-img-element -- the logo route serves its own cache headers
            <img src={brand.logoUrl} alt={brand.name} className="max-h-12 max-w-[220px] object-contain" />
          ) : (
            <p className="min-w-0 text-lg font-bold [overflow-wrap:anywhere]" style={{ color: brandInkOnWhite(color) }}>
              {brand.name}
            </p>
          )}
        </div>
      </header>
      <main className="mx-auto max-w-xl px-4 py-6 sm:py-10">{children}</main>
    </div>
  );
}
