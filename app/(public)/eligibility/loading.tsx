import { EligibilityLoading } from "@/components/eligibility/eligibility-layout";

export default function Loading() {
  return <EligibilityLoading />;
}
