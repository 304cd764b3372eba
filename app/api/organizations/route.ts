import { NextResponse } from "next/server";
import { signupSchema } from "@/lib/accounts/signup-schema";
import { withPublic } from "@/lib/api/handler";
import { issueLoginLink } from "@/lib/auth/auth";
import { ONBOARDING_COOKIE } from "@/lib/auth/onboarding-session";
import { signUpOrganization } from "@/lib/organizations/sign-up-organization";

// POST /api/organizations: signup ('Get Started').
export const POST = withPublic(
  async ({ body }) => {
    const { organizationSlug, onboarding } = await signUpOrganization({ input: body, now: new Date(), issueLink: issueLoginLink });
    const res = NextResponse.json(
      { success: true, organizationSlug, message: "Account created! Check your email for a link to activate your account." },
      { status: 201 },
    );
    res.cookies.set(ONBOARDING_COOKIE, onboarding.token, { httpOnly: true, sameSite: "lax", path: "/api/auth/onboarding-login", expires: onboarding.expires });
    return res;
  },
  { body: signupSchema, rateLimit: { name: "signup", limit: 10, windowSeconds: 3600 } },
);
