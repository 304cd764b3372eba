import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "@/components/accounts/auth-card";
import { LoginForm } from "@/components/accounts/login-form";
import { buttonClass } from "@/components/ui/button";
import { currentAccount } from "@/lib/auth/page-guard";
import { getEnv } from "@/lib/env";

export const metadata: Metadata = { title: "Log In" };
export const dynamic = "force-dynamic";

export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<{ activate?: string; email?: string }>;
}) {
  const { productName } = getEnv();
  const [account, params] = await Promise.all([currentAccount(), searchParams]);

  if (account) {
    return (
      <AuthCard productName={productName}>
        <h1 className="text-2xl font-bold">Already Logged In</h1>
        <p className="mt-2 text-gray-600">
          You are logged in as <span className="font-medium text-gray-900">{account.user.email}</span>.
        </p>
        <div className="mt-6 flex gap-3">
          <Link href={account.destination} className={buttonClass({ className: "flex-1" })}>
            Continue
          </Link>
          <Link href="/logging-out" className={buttonClass({ variant: "secondary", className: "flex-1" })}>
            Log Out
          </Link>
        </div>
      </AuthCard>
    );
  }

  const activate = params.activate === "1" || params.activate === "true";
  return (
    <AuthCard productName={productName}>
      {activate ? (
        <>
          <h1 className="text-2xl font-bold">Activate Your Account</h1>
          <p role="status" className="mt-2 rounded-md bg-brand-50 p-3 text-sm text-brand-700">
            We&apos;ve sent you an email with a link to activate your account. Check your inbox and spam folder.
          </p>
        </>
      ) : (
        <h1 className="text-2xl font-bold">Welcome Back To {productName}</h1>
      )}
      <p className="mt-2 mb-6 text-sm text-gray-600">
        Enter your email and we&apos;ll send you a link to log in. No password needed.
      </p>
      <LoginForm />
    </AuthCard>
  );
}
