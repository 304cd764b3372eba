import { Spinner } from "@/components/ui/spinner";
import { SCHEDULE_MESSAGES } from "@/lib/call-booking/booking";

/** While the schedule page's details load. */
export function ScheduleLoading() {
  return (
    <main
      className="flex min-h-screen flex-col items-center justify-center gap-4 bg-gray-50 px-6 text-center"
      aria-busy="true"
    >
      <Spinner className="h-10 w-10 text-gray-700" label={SCHEDULE_MESSAGES.loading} />
      <p className="text-lg font-medium text-gray-600">{SCHEDULE_MESSAGES.loading}</p>
    </main>
  );
}
