import { after } from "next/server";
import { signupSchema } from "@/lib/accounts/signup-schema";
import { withPublic } from "@/lib/api/handler";
import { issueLoginLink } from "@/lib/auth/auth";
import { signUpOrganization } from "@/lib/organizations/sign-up-organization";

// POST /api/organizations: signup ('Get Started'). 202: the answer comes before the account is looked
// up; the organization (or, for an address that has an account, a sign-in link) follows in after().
export const POST = withPublic(
  async ({ body }) =>
    Response.json(
      await signUpOrganization({ input: body, now: new Date(), issueLink: issueLoginLink, afterAnswer: after }),
      { status: 202 },
    ),
  { body: signupSchema, rateLimit: { name: "signup", limit: 10, windowSeconds: 3600 } },
);
