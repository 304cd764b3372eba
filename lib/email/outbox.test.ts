import { htmlForPreview } from "@/lib/email/outbox";

describe("htmlForPreview", () => {
  it("opens every link in the whole window", () => {
    const html =
      '<html><head><meta charset="utf-8"/></head><body><a href="/a" target="_blank">A</a><a href="/b">B</a></body></html>';
    expect(htmlForPreview(html)).toBe(
      '<html><head><base target="_top"><meta charset="utf-8"/></head><body><a href="/a" target="_top">A</a><a href="/b">B</a></body></html>',
    );
  });
  it("works on a fragment without <head>", () => {
    expect(htmlForPreview("<a href='/a' target='_blank'>A</a>")).toBe(
      '<base target="_top"><a href=\'/a\' target="_top">A</a>',
    );
  });
});
