"use client";

import { useState } from "react";
import { buttonClass } from "@/components/ui/button";

/** /schedule-main: one link to the demo calendar; once it is opened, Thank You. */
export function DemoScheduler({ bookingUrl, productName }: { bookingUrl: string; productName: string }) {
  const [opened, setOpened] = useState(false);
  if (opened) {
    return (
      <div className="text-center">
        <h2 className="text-2xl font-bold text-gray-900">Thank You</h2>
        <p className="mt-3 text-gray-600">
          We look forward to showing you {productName}. We&apos;ll be in touch to confirm your demo.
        </p>
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
        className={buttonClass({ size: "lg", fullWidth: true, className: "sm:w-auto" })}
      >
        Schedule a Demo Call
      </a>
      <p className="mt-3 text-sm text-gray-500">
        {isEmail
          ? "Opens an email to our team: tell us a few times that suit you."
          : "Opens our calendar in a new tab."}
      </p>
    </div>
  );
}
