// Security promises of docs/security.md, in a real browser: a form on another site cannot write through the app.
import { createServer } from "node:http";

/**
 * A page of another site: a blank page served from 127.0.0.1 on a port of its own (another origin and
 * another site than the app's `localhost`). A real local server, not a faked route: Chromium's Local
 * Network Access checks refuse any frame of `localhost` inside a page it counts as public (which a
 * faked route's page is), and that refusal would hide whether our headers refused it. Returns a stop.
 */
async function openOtherSite(page) {
  const server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html" });
    res.end("<!doctype html><title>Another site</title><body></body>");
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  // The browser keeps its connection alive: close it too, or close() waits for it.
  return () => new Promise((resolve) => {
    server.close(resolve);
    server.closeAllConnections();
  });
}

export const journeys = [
  {
    name: "security: a text/plain form on another site cannot write through the app (403)",
    async run({ page, baseUrl, expect }) {
      const stop = await openOtherSite(page);
      try {
        const answer = page.waitForResponse((res) => res.url() === baseUrl + "/api/waitlist" && res.request().method() === "POST");
        await page.evaluate((action) => {
          // The classic trick: a field name and value that add up to a JSON body.
          const form = document.createElement("form");
          form.method = "POST";
          form.action = action;
          form.enctype = "text/plain";
          const input = document.createElement("input");
          input.name = '{"name":"Mallory","email":"mallory@example.test","phone":"5125550100","numAgents":1,"bookSize":1,"x":"';
          input.value = '"}';
          form.append(input);
          document.body.append(form);
          form.submit();
        }, baseUrl + "/api/waitlist");
        const res = await answer;
        expect(res.status() === 403, `a cross-site form post answers 403 (got ${res.status()})`);
        expect((await res.json()).error.code === "forbidden", "in the one error shape");
      } finally {
        await stop();
      }
    },
  },
];
