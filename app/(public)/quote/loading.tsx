import { Spinner } from "@/components/ui/spinner";

/** Shown while the quote page loads the organization (and the quote link) on the server. */
export default function QuoteLoading() {
  return (
    <div className="fixed inset-0 flex items-center justify-center bg-white px-6" role="status" aria-live="polite">
      <div className="flex flex-col items-center gap-3 text-center">
        <Spinner className="h-8 w-8 text-brand-600" label="" />
        <p className="text-base font-medium text-gray-800">Loading organization details...</p>
      </div>
    </div>
  );
}
