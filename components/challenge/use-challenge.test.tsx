import { act, render, renderHook, screen, waitFor } from "@testing-library/react";
import { ChallengeNote } from "@/components/challenge/challenge-note";
import { challengeSend, useChallenge } from "@/components/challenge/use-challenge";
import { CHALLENGE_HEADER, CHALLENGE_TEXTS, parseSolution } from "@/lib/challenge/challenge-format";

let issued = 0;
/** An easy challenge (1 bit, 2 puzzles): the browser does not check signatures, the server does. */
function easyChallenge(expiresInMs = 30 * 60_000) {
  issued++;
  return {
    challenge: `c1.callback.1779289200.1.2.id${issued}AAAAAAAAAAAAAAAAAAA.sig`,
    bits: 1,
    count: 2,
    expiresAt: new Date(Date.now() + expiresInMs).toISOString(),
  };
}

function mockChallenges(
  reply: () => { status: number; body?: unknown } = () => ({ status: 200, body: easyChallenge() }),
) {
  const mock = jest.fn(async (url: string) => {
    if (!url.startsWith("/api/challenge?purpose=")) throw new Error(`unexpected fetch ${url}`);
    const { status, body } = reply();
    return { ok: status === 200, status, json: async () => body };
  });
  global.fetch = mock as unknown as typeof fetch;
  return mock;
}

const solvedChallengeOf = (header: Record<string, string>) => parseSolution(header[CHALLENGE_HEADER])?.challenge;

describe("useChallenge", () => {
  it("solves one in the background as soon as the form shows; a request takes it without waiting", async () => {
    const fetchMock = mockChallenges();
    const { result } = renderHook(() => useChallenge("callback"));
    expect(result.current.status).toBe("working");
    await waitFor(() => expect(result.current.status).toBe("ready"));
    const onWait = jest.fn();
    let header: Record<string, string> = {};
    await act(async () => {
      header = await result.current.take(onWait);
    });
    expect(onWait).not.toHaveBeenCalled();
    expect(parseSolution(header[CHALLENGE_HEADER])).toMatchObject({ nonces: [expect.any(Number), expect.any(Number)] });
    expect(fetchMock).toHaveBeenCalledWith("/api/challenge?purpose=callback", expect.anything());
    expect(result.current.status).toBe("idle");
  });

  it("each request gets its own: the next one is solved then, and the form is told to say it is checking", async () => {
    mockChallenges();
    const { result } = renderHook(() => useChallenge("callback"));
    await waitFor(() => expect(result.current.status).toBe("ready"));
    let first: Record<string, string> = {};
    let second: Record<string, string> = {};
    const onWait = jest.fn();
    await act(async () => {
      first = await result.current.take();
      second = await result.current.take(onWait);
    });
    expect(onWait).toHaveBeenCalled();
    expect(solvedChallengeOf(second)).not.toBe(solvedChallengeOf(first));
  });

  it("without solving ahead nothing is fetched until a request needs it", async () => {
    const fetchMock = mockChallenges();
    const { result } = renderHook(() => useChallenge("temp-contact", { solveAhead: false }));
    expect(result.current.status).toBe("idle");
    expect(fetchMock).not.toHaveBeenCalled();
    let header: Record<string, string> = {};
    await act(async () => {
      header = await result.current.take();
    });
    expect(header[CHALLENGE_HEADER]).toBeTruthy();
  });

  it("a solution about to expire (the page sat open) is replaced before it is sent", async () => {
    let calls = 0;
    mockChallenges(() => ({ status: 200, body: easyChallenge(++calls === 1 ? 60_000 : 30 * 60_000) }));
    const { result } = renderHook(() => useChallenge("callback"));
    await waitFor(() => expect(result.current.status).toBe("ready"));
    let header: Record<string, string> = {};
    await act(async () => {
      header = await result.current.take();
    });
    expect(calls).toBe(2);
    expect(solvedChallengeOf(header)).toContain(`id${issued}`);
  });

  it("no challenge to be had: the request goes without one (and the server says so)", async () => {
    mockChallenges(() => ({ status: 429, body: { error: { code: "rate_limited" } } }));
    const { result } = renderHook(() => useChallenge("callback"));
    await waitFor(() => expect(result.current.status).toBe("failed"));
    let header: Record<string, string> | undefined;
    await act(async () => {
      header = await result.current.take();
    });
    expect(header).toEqual({});
  });
});

describe("challengeSend", () => {
  const refused = {
    ok: false,
    status: 403,
    json: async () => ({ error: { code: "forbidden", fields: { challenge: ["x"] } } }),
  };

  it("tries once more with a new solution when the server refuses the challenge, not otherwise", async () => {
    const take = jest
      .fn()
      .mockResolvedValueOnce({ [CHALLENGE_HEADER]: "one" })
      .mockResolvedValueOnce({ [CHALLENGE_HEADER]: "two" });
    const fetchMock = jest
      .fn()
      .mockResolvedValueOnce({ ...refused, clone: () => refused })
      .mockResolvedValueOnce({ ok: true, status: 200 });
    global.fetch = fetchMock as unknown as typeof fetch;
    const response = await challengeSend(take)("/api/x", {
      method: "POST",
      headers: { "content-type": "application/json" },
    });
    expect(response.status).toBe(200);
    expect(fetchMock.mock.calls.map(([, init]) => init.headers[CHALLENGE_HEADER])).toEqual(["one", "two"]);
    expect(fetchMock.mock.calls[1][1].headers["content-type"]).toBe("application/json");

    const forbidden = {
      ok: false,
      status: 403,
      json: async () => ({ error: { code: "forbidden", message: "Callbacks are off" } }),
    };
    global.fetch = jest.fn().mockResolvedValue({ ...forbidden, clone: () => forbidden }) as unknown as typeof fetch;
    expect((await challengeSend(async () => ({}))("/api/x", { method: "POST" })).status).toBe(403);
    expect(global.fetch).toHaveBeenCalledTimes(1);
  });

  it("gives up after the second refusal", async () => {
    global.fetch = jest.fn().mockResolvedValue({ ...refused, clone: () => refused }) as unknown as typeof fetch;
    expect((await challengeSend(async () => ({}))("/api/x", { method: "POST" })).status).toBe(403);
    expect(global.fetch).toHaveBeenCalledTimes(2);
  });
});

describe("ChallengeNote", () => {
  it("says it is checking, politely, only while the browser works", () => {
    const { rerender } = render(<ChallengeNote status="working" />);
    expect(screen.getByRole("status").textContent).toBe(CHALLENGE_TEXTS.checking);
    expect(screen.getByRole("status").getAttribute("aria-live")).toBe("polite");
    rerender(<ChallengeNote status="ready" />);
    expect(screen.getByRole("status").textContent).toBe("");
  });
});
