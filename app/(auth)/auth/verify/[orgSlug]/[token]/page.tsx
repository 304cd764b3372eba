import type { Metadata } from "next";
import { AuthCard } from "@/components/accounts/auth-card";
import { VerifyLogin } from "@/components/accounts/verify-login";
import { getEnv } from "@/lib/env";

export const metadata: Metadata = {
  title: "Logging In",
  robots: { index: false, follow: false },
  referrer: "no-referrer",
};

export default async function VerifyPage({ params }: { params: Promise<{ orgSlug: string; token: string }> }) {
  const { orgSlug, token } = await params;
  return (
    <AuthCard productName={getEnv().productName}>
      <VerifyLogin orgSlug={orgSlug} token={token} />
    </AuthCard>
  );
}
