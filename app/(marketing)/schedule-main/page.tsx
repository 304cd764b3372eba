import type { Metadata } from "next";
import { PublicHeader } from "@/components/layout/public-header";
import { DemoScheduler } from "@/components/call-booking/demo-scheduler";
import { getEnv } from "@/lib/env";

export function generateMetadata(): Metadata {
  return { title: { absolute: `Schedule a Demo - ${getEnv().productName}` } };
}

/** /schedule-main: book a demo of the product (client-side.md "Schedule page", demo scheduling). */
export default function ScheduleMainPage() {
  const { productName, demoBookingUrl } = getEnv();
  return (
    <div className="flex min-h-screen flex-col bg-gray-50">
      <PublicHeader productName={productName} />
      <main className="flex flex-1 items-start justify-center px-4 py-10 sm:items-center">
        <div className="w-full max-w-lg rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-100 sm:p-10">
          <h1 className="text-center text-2xl font-extrabold tracking-tight text-gray-900 sm:text-3xl">
            Schedule a Demo
          </h1>
          <p className="mt-3 mb-8 text-center text-gray-600">
            See how {productName} sends your book personalized Medicare Supplement quotes and hands you the clients
            ready to switch. Pick a time for a short call with our team.
          </p>
          <DemoScheduler bookingUrl={demoBookingUrl} productName={productName} />
        </div>
      </main>
    </div>
  );
}
