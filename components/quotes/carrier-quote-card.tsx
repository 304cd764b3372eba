/** One carrier's price for one plan on the compare page. Pure: formatted values in, markup out. */
export function CarrierQuoteCard({ carrierName, planLabel, monthly, household, discountCategory, rank, brandColor }: {
  carrierName: string;
  planLabel: string;
  /** "$127.45/mo" */
  monthly: string;
  /** The household-discount price, when the carrier offers one. */
  household?: string | null;
  discountCategory?: string | null;
  rank: number;
  brandColor: string;
}) {
  return (
    <li className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          {rank === 1 ? (
            <p className="mb-1 text-xs font-semibold uppercase tracking-wide" style={{ color: brandColor }}>
              Lowest price
            </p>
          ) : null}
          <h3 className="truncate text-base font-semibold text-gray-900">{carrierName}</h3>
          <p className="text-sm text-gray-600">{planLabel}</p>
        </div>
        <p className="shrink-0 text-right text-xl font-bold text-gray-900">{monthly}</p>
      </div>
      {household ? (
        <p className="mt-2 text-sm text-gray-700">
          With household discount: <span className="font-semibold">{household}</span>
          {discountCategory ? <span className="text-gray-500"> ({discountCategory})</span> : null}
        </p>
      ) : null}
    </li>
  );
}
