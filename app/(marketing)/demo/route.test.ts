import { readFileSync } from "node:fs";
import path from "node:path";
import { resetEnvForTests } from "@/lib/env";
import { GET } from "./route";

describe("GET /demo", () => {
  afterEach(() => {
    delete process.env.DEMO_URL;
    resetEnvForTests();
  });

  it("sends the sample quote page as a relative Location, so the browser stays on the host it asked, whatever APP_URL says", () => {
    const before = process.env.APP_URL;
    process.env.APP_URL = "https://app.gapwise.example";
    resetEnvForTests();
    try {
      const response = GET();
      expect(response.status).toBe(307);
      expect(response.headers.get("location")).toBe("/compare?demo=true");
    } finally {
      if (before === undefined) delete process.env.APP_URL;
      else process.env.APP_URL = before;
      resetEnvForTests();
    }
  });

  it("sends a configured external demo site as it is", () => {
    process.env.DEMO_URL = "https://demo.example.com/start";
    resetEnvForTests();
    expect(GET().headers.get("location")).toBe("https://demo.example.com/start");
  });
});

describe("/favicon.ico", () => {
  it("is a neutral icon in app/ (an ICO holding a 32×32 PNG), so no page asks for a missing icon", () => {
    const ico = readFileSync(path.join(process.cwd(), "app", "favicon.ico"));
    expect([...ico.subarray(0, 6)]).toEqual([0, 0, 1, 0, 1, 0]);
    expect(ico[6]).toBe(32);
    expect(ico.subarray(22, 26).toString("latin1")).toBe("\x89PNG");
  });
});
