import { NextResponse } from "next/server";
import { z } from "zod";
import { withPublic } from "@/lib/api/handler";
import { issueChallenge } from "@/lib/challenge/challenge";
import { CHALLENGE_PURPOSES } from "@/lib/challenge/challenge-format";

export const dynamic = "force-dynamic";

// GET /api/challenge?purpose=self-signup|temp-contact|callback → { challenge, bits, count, expiresAt }: a signed
// proof-of-work challenge for a public form (nothing stored; lib/challenge/challenge.ts).
export const GET = withPublic(
  async ({ query }) => {
    const res = NextResponse.json(issueChallenge({ purpose: query.purpose, now: new Date() }));
    res.headers.set("cache-control", "no-store");
    return res;
  },
  {
    query: z.object({ purpose: z.enum(CHALLENGE_PURPOSES) }),
    rateLimit: { name: "challenge", limit: 60, windowSeconds: 10 * 60 },
  },
);
