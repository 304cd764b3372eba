import type { ReactNode } from "react";
import { cx } from "@/components/ui/cx";

export type BadgeTone = "neutral" | "brand" | "success" | "warning" | "danger" | "info";

// Each pair is ≥ 4.5:1 (the 800/700 text shades on the 50/100 fills).
const TONES: Record<BadgeTone, string> = {
  neutral: "bg-gray-100 text-gray-800 ring-gray-300",
  brand: "bg-brand-50 text-brand-700 ring-brand-100",
  success: "bg-green-50 text-green-800 ring-green-200",
  warning: "bg-amber-50 text-amber-800 ring-amber-200",
  danger: "bg-red-50 text-red-800 ring-red-200",
  info: "bg-blue-50 text-blue-800 ring-blue-200",
};

/** A short status label. Its text is the meaning (never the colour alone). */
export function Badge({
  tone = "neutral",
  className,
  children,
}: {
  tone?: BadgeTone;
  className?: string;
  children: ReactNode;
}) {
  return (
    <span
      className={cx(
        "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset",
        TONES[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}
