/** The Sample Agency's exit control: sign out, then the signup page (components/layout/logging-out.tsx). */
export const SAMPLE_EXIT_HREF = "/logging-out?then=signup";

/**
 * Says, on every signed-in page of the Sample Agency, that what is shown is sample data, with the exit
 * control of its restricted view (lib/demo/sample-agency-guard.ts says what it refuses).
 */
export function SampleDataBanner({ agencyName }: { agencyName: string }) {
  return (
    <div
      role="note"
      aria-label="Sample data"
      className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-center text-sm text-amber-900"
    >
      <span className="font-semibold">Sample data.</span> {agencyName} and its contacts are made up for trying the
      product out; none of its emails reaches a client, and it takes no payments.{" "}
      <a
        href={SAMPLE_EXIT_HREF}
        className="inline-flex min-h-6 items-center font-semibold underline hover:text-amber-950"
      >
        Exit and create your own agency
      </a>
    </div>
  );
}
