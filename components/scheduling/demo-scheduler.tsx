"use client";

import { useState } from "react";

/** /schedule-main: one link to the demo calendar; once it is opened, Thank You. */
export function DemoScheduler({ bookingUrl, productName }: { bookingUrl: string; productName: string }) {
  const [opened, setOpened] = useState(false);
  if (opened) {
    return (
      <div className="text-center">
        <h2 className="text-2xl font-bold text-gray-900">Thank You</h2>
        <p className="mt-3 text-gray-600">We look forward to showing you {productName}. We&apos;ll be in touch to confirm your demo.</p>
      </div>
    );
  }
  const isEmail = bookingUrl.startsWith("mailto:");
  return (
    <div className="text-center">
      <a
        href={bookingUrl}
        {...(isEmail ? {} : { target: "_blank", rel: "noopener noreferrer" })}
        onClick={() => setOpened(true)}
        className="inline-flex w-full items-center justify-center rounded-md bg-brand-600 px-6 py-3 text-base font-semibold text-white shadow-sm hover:bg-brand-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 sm:w-auto"
      >
        Schedule a Demo Call
      </a>
      <p className="mt-3 text-sm text-gray-500">{isEmail ? "Opens an email to our team: tell us a few times that suit you." : "Opens our calendar in a new tab."}</p>
    </div>
  );
}
