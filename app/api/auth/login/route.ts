import { after } from "next/server";
import { withPublic } from "@/lib/api/handler";
import { issueLoginLink } from "@/lib/auth/auth";
import { requestLoginLink } from "@/lib/auth/login";
import { loginRequestSchema } from "@/lib/auth/login-schema";

// The link is issued after the answer has gone (after()): a known address answers as fast as an unknown one.
export const POST = withPublic(
  ({ body, ip }) =>
    requestLoginLink({ email: body.email, ip, now: new Date(), issueLink: issueLoginLink, afterAnswer: after }),
  {
    body: loginRequestSchema,
  },
);
