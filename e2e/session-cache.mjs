// Journeys sign in often as the same few users; each sign-in by emailed link counts against the login
// rate limits (5 links per address per 15 minutes, 20 per IP per hour), which a full run would exceed.
// So a journey that only needs to *be* signed in reuses the session an earlier journey started, after
// checking with the server that it is still valid. The sign-in flow itself is still clicked through
// by the journeys that test it (e2e/accounts.e2e.mjs).
const sessions = new Map();

/** Restores `email`'s session if one is cached and still valid, and opens its landing page. */
export async function reuseSession(page, baseUrl, email) {
  const cookies = sessions.get(email);
  if (!cookies) return false;
  await page.context().addCookies(cookies);
  const session = await (await page.request.get(baseUrl + "/api/auth/session")).json();
  if (!session.valid || session.email !== email) {
    sessions.delete(email);
    await page.context().clearCookies();
    return false;
  }
  await page.goto(baseUrl + session.redirectUrl);
  return true;
}

/** Remembers the session cookie the browser now holds for `email`. */
export async function rememberSession(page, email) {
  const cookies = (await page.context().cookies()).filter((c) => c.name.endsWith("authjs.session-token"));
  if (cookies.length) sessions.set(email, cookies);
}
