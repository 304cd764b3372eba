import { withPublic } from "@/lib/api/handler";
import { issueLoginLink } from "@/lib/auth/auth";
import { loginRequestSchema, requestLoginLink } from "@/lib/auth/login";

export const POST = withPublic(({ body, ip }) => requestLoginLink({ email: body.email, ip, now: new Date(), issueLink: issueLoginLink }), {
  body: loginRequestSchema,
});
