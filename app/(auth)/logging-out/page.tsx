import type { Metadata } from "next";
import { LoggingOut } from "@/components/layout/logging-out";

export const metadata: Metadata = { title: "Logging Out" };

export default function LoggingOutPage() {
  return <LoggingOut />;
}
