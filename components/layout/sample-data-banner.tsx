/** Says, on every signed-in page of the demo agency, that what is shown is sample data. */
export function SampleDataBanner({ agencyName }: { agencyName: string }) {
  return (
    <div role="note" className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-center text-sm text-amber-900">
      <span className="font-semibold">Sample data.</span> {agencyName} and its contacts are made up for trying the product out; no email reaches a real person.
    </div>
  );
}
