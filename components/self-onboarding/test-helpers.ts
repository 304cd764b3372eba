import { fireEvent, screen, within } from "@testing-library/react";

/** Shared by the self-service form tests: a fetch double answering the ZIP lookup and the self-service calls. */

export const ZIPS: Record<string, unknown> = {
  "78701": {
    zip: "78701",
    state: "TX",
    counties: ["Travis County"],
    cities: ["Austin"],
    countyDetails: [{ name: "Travis County", fips: "48453", state: "TX", residentialShare: 1 }],
    defaultCounty: { name: "Travis County", fips: "48453", state: "TX", residentialShare: 1 },
  },
  "78737": {
    zip: "78737",
    state: "TX",
    counties: ["Hays County", "Travis County"],
    cities: ["Austin"],
    countyDetails: [
      { name: "Hays County", fips: "48209", state: "TX", residentialShare: 0.77 },
      { name: "Travis County", fips: "48453", state: "TX", residentialShare: 0.23 },
    ],
    defaultCounty: { name: "Hays County", fips: "48209", state: "TX", residentialShare: 0.77 },
  },
};

export type Reply = { status: number; body?: unknown } | "never" | "network";
export type Routes = Record<string, (init: RequestInit) => Reply>;

export function mockFetch(routes: Routes) {
  const mock = jest.fn(async (url: string, init: RequestInit = {}) => {
    let reply: Reply;
    if (url.startsWith("/api/zip-lookup/")) {
      const zip = url.split("/").pop()!;
      reply = ZIPS[zip]
        ? { status: 200, body: ZIPS[zip] }
        : { status: 404, body: { error: { code: "not_found", message: "Invalid zip code" } } };
    } else if (routes[url]) reply = routes[url]!(init);
    else throw new Error(`unexpected fetch ${url}`);
    if (reply === "never") return new Promise(() => {});
    if (reply === "network") throw new TypeError("Failed to fetch");
    const { status, body } = reply;
    return { ok: status >= 200 && status < 300, status, json: async () => body };
  });
  global.fetch = mock as unknown as typeof fetch;
  return mock;
}

export const bodyOf = (mock: jest.Mock, url: string) => {
  const call = mock.mock.calls.find(([u]) => u === url);
  return call ? JSON.parse(String((call[1] as RequestInit).body)) : undefined;
};

export const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

export const choose = (group: RegExp, option: string) =>
  fireEvent.click(within(screen.getByRole("group", { name: group })).getByRole("radio", { name: option }));
