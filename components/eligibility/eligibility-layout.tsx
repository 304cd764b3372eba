import { Spinner } from "@/components/ui/spinner";
import { ELIGIBILITY_MESSAGES as M } from "@/lib/eligibility/messages";

/** Title and intro of the Underwriting Assessment page. */
export function EligibilityIntro() {
  return (
    <div className="mb-6">
      <h1 className="text-2xl font-bold tracking-tight text-gray-900">{M.title}</h1>
      <p className="mt-2 text-base text-gray-600">{M.intro}</p>
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
