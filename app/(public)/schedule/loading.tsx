import { ScheduleLoading } from "@/components/call-booking/schedule-loading";

export default function Loading() {
  return <ScheduleLoading />;
}
