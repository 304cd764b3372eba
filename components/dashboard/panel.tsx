import type { ReactNode } from "react";
import { Spinner } from "@/components/ui/spinner";

/** A titled white panel of the dashboard with its loading / error body. */
export function Panel({
  title,
  aside,
  children,
  className = "",
}: {
  title: string;
  aside?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-label={title}
      className={`min-w-0 rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-5 ${className}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-gray-900">{title}</h2>
        {aside}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  );
}

export function PanelLoading({ label }: { label: string }) {
  return (
    <div className="flex h-24 items-center justify-center text-brand-600">
      <Spinner className="h-6 w-6" label={label} />
    </div>
  );
}

export function PanelMessage({ children, tone = "muted" }: { children: ReactNode; tone?: "muted" | "error" }) {
  return (
    <p
      role={tone === "error" ? "alert" : undefined}
      className={`py-6 text-center text-sm ${tone === "error" ? "text-red-600" : "text-gray-600"}`}
    >
      {children}
    </p>
  );
}
