import type { ReactNode } from "react";

/** Every consumer page: the larger type, targets and focus outline of `.consumer-page` (app/globals.css). */
export default function ConsumerLayout({ children }: { children: ReactNode }) {
  return <div className="consumer-page">{children}</div>;
}
