import { jest } from "@jest/globals";
import { apiCall, apiRequest, ApiError, readErrorBody } from "@/lib/api/browser-client";
import { AppError } from "@/lib/api/errors";

type FetchMock = jest.Mock<(url: string, init?: RequestInit) => Promise<Response>>;

function answer(status: number, body: unknown): Response {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  return new Response(text, { status, headers: { "Content-Type": "application/json" } });
}

const realFetch = global.fetch;
let fetchMock: FetchMock;

beforeEach(() => {
  fetchMock = jest.fn<(url: string, init?: RequestInit) => Promise<Response>>();
  global.fetch = fetchMock as unknown as typeof fetch;
});

afterAll(() => {
  global.fetch = realFetch;
});

describe("apiCall", () => {
  it("sends a JSON body with Accept and Content-Type, and answers the parsed body", async () => {
    fetchMock.mockResolvedValue(answer(200, { success: true, id: "a1" }));
    const result = await apiCall<{ success: true; id: string }>("/api/things", {
      method: "POST",
      body: { name: "Ann" },
    });
    expect(fetchMock).toHaveBeenCalledWith("/api/things", {
      method: "POST",
      body: JSON.stringify({ name: "Ann" }),
      headers: { Accept: "application/json", "Content-Type": "application/json" },
    });
    expect(result).toEqual({ ok: true, status: 200, body: { success: true, id: "a1" } });
  });

  it("sends no Content-Type and no body on a GET, and passes the abort signal", async () => {
    fetchMock.mockResolvedValue(answer(200, { ok: 1 }));
    const controller = new AbortController();
    await apiCall("/api/things/1", { signal: controller.signal });
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init).toEqual({ headers: { Accept: "application/json" }, signal: controller.signal });
    expect(init).not.toHaveProperty("body");
    expect(init).not.toHaveProperty("method");
  });

  it("reads the one error shape of lib/api/errors.ts: code, message and field errors", async () => {
    const body = new AppError("validation_failed", "Check the email.", {
      fields: { email: ["Enter a valid email."] },
    }).toBody();
    fetchMock.mockResolvedValue(answer(422, body));
    const result = await apiCall("/api/things", { method: "POST", body: {} });
    expect(result).toEqual({
      ok: false,
      status: 422,
      code: "validation_failed",
      message: "Check the email.",
      fields: { email: ["Enter a valid email."] },
    });
  });

  it("answers status 0 and nulls when the network fails", async () => {
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    await expect(apiCall("/api/things")).resolves.toEqual({
      ok: false,
      status: 0,
      code: null,
      message: null,
      fields: {},
    });
  });

  it("answers a failure with the status when the body is not JSON, even on a 2xx", async () => {
    fetchMock.mockResolvedValue(answer(502, "<html>Bad gateway</html>"));
    await expect(apiCall("/api/things")).resolves.toEqual({
      ok: false,
      status: 502,
      code: null,
      message: null,
      fields: {},
    });
    fetchMock.mockResolvedValue(answer(200, "not json"));
    await expect(apiCall("/api/things")).resolves.toEqual({
      ok: false,
      status: 200,
      code: null,
      message: null,
      fields: {},
    });
  });

  it("sends through a fetch replacement when given one, with the same init", async () => {
    const send = jest
      .fn<(url: string, init: RequestInit) => Promise<Response>>()
      .mockResolvedValue(answer(201, { success: true }));
    const result = await apiCall("/api/public", { method: "POST", body: { a: 1 }, send });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(send).toHaveBeenCalledWith("/api/public", {
      method: "POST",
      body: JSON.stringify({ a: 1 }),
      headers: { Accept: "application/json", "Content-Type": "application/json" },
    });
    expect(result).toEqual({ ok: true, status: 201, body: { success: true } });
  });
});

describe("apiRequest", () => {
  it("answers the body on success", async () => {
    fetchMock.mockResolvedValue(answer(200, { n: 3 }));
    await expect(apiRequest<{ n: number }>("/api/n")).resolves.toEqual({ n: 3 });
  });

  it("throws an ApiError carrying the server's message, code and fields", async () => {
    fetchMock.mockResolvedValue(
      answer(409, { error: { code: "conflict", message: "That email is taken.", fields: { email: ["Taken."] } } }),
    );
    const error = await apiRequest("/api/x", { method: "POST", body: {}, fallback: "Could not save." }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: "That email is taken.",
      status: 409,
      code: "conflict",
      fields: { email: ["Taken."] },
      fromServer: true,
    });
  });

  it("throws the caller's fallback when the server gave no message (network failure, non-JSON)", async () => {
    fetchMock.mockRejectedValue(new TypeError("offline"));
    await expect(apiRequest("/api/x", { fallback: "Could not load." })).rejects.toMatchObject({
      message: "Could not load.",
      status: 0,
      code: null,
      fromServer: false,
    });
    fetchMock.mockResolvedValue(answer(500, "oops"));
    await expect(apiRequest("/api/x")).rejects.toMatchObject({
      message: "Something went wrong. Please try again.",
      status: 500,
    });
  });
});

describe("readErrorBody", () => {
  it("ignores bodies that are not the one error shape", () => {
    expect(readErrorBody(null)).toEqual({ code: null, message: null, fields: {} });
    expect(readErrorBody({ error: "plain string" })).toEqual({ code: null, message: null, fields: {} });
    expect(readErrorBody({ error: { message: 5, fields: "x" } })).toEqual({ code: null, message: null, fields: {} });
  });
});
