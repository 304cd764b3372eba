import { withPublic } from "@/lib/api/handler";
import { getEnv } from "@/lib/env";
import { handleInboundSms } from "@/lib/sms/inbound";

export const dynamic = "force-dynamic";

/**
 * POST /api/webhooks/twilio/sms: texts to the platform's number (STOP, START, HELP…), signed by Twilio with
 * TWILIO_AUTH_TOKEN (403 on a missing or wrong signature; 404 without Twilio's keys). Answers TwiML.
 */
export const POST = withPublic(
  async ({ req }) => {
    const { twiml } = await handleInboundSms({
      // The raw form: the signature covers every parameter Twilio posted.
      payload: await req.text(),
      signature: req.headers.get("x-twilio-signature"),
      // The URL Twilio was given, not the one a proxy forwarded to.
      url: `${getEnv().appUrl}${req.nextUrl.pathname}${req.nextUrl.search}`,
      now: new Date(),
    });
    return new Response(twiml, { headers: { "content-type": "text/xml; charset=utf-8" } });
  },
  { rateLimit: { name: "twilio-sms-webhook", limit: 1200, windowSeconds: 60 }, signedWebhook: true },
);
