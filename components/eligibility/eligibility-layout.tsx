import { Spinner } from "@/components/ui/spinner";
import { ELIGIBILITY_MESSAGES as M } from "@/lib/eligibility/messages";
import { telHref } from "@/lib/phone/phone";

/** Title and intro of the Underwriting Assessment page, with the agency's number for a visitor who would rather call. */
export function EligibilityIntro({ agencyName, phone }: { agencyName?: string; phone?: string | null }) {
  return (
    <div className="mb-6">
      <h1 className="text-2xl font-bold tracking-tight text-gray-900">{M.title}</h1>
      <p className="mt-2 text-base text-gray-600">{M.intro}</p>
      {phone ? (
        <p className="mt-2 text-base text-gray-700">
          Questions? Call {agencyName ?? "us"} at{" "}
          <a href={telHref(phone)} className="inline-flex min-h-11 items-center font-semibold text-gray-900 underline">
            {phone}
          </a>
        </p>
      ) : null}
    </div>
  );
}

export function EligibilityLoading() {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-3 bg-gray-50 px-6 text-gray-600">
      <Spinner className="h-8 w-8" label={M.loading} />
      <p>{M.loading}</p>
    </div>
  );
}
