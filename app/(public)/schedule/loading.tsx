import { ScheduleLoading } from "@/components/scheduling/schedule-loading";

export default function Loading() {
  return <ScheduleLoading />;
}
