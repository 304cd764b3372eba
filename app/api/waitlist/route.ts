import { waitlistSchema } from "@/lib/accounts/signup-schema";
import { withPublic } from "@/lib/api/handler";
import { joinWaitlist } from "@/lib/waitlist/join-waitlist";

export const POST = withPublic(({ body }) => joinWaitlist(body), {
  body: waitlistSchema,
  rateLimit: { name: "waitlist", limit: 10, windowSeconds: 3600 },
});
