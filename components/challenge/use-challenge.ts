"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { solveChallenge } from "@/components/challenge/solve-challenge";
import { apiCall, readErrorBody } from "@/lib/api/browser-client";
import {
  CHALLENGE_HEADER,
  CHALLENGE_REFRESH_MARGIN_SECONDS,
  formatSolution,
  type ChallengePurpose,
  type IssuedChallenge,
} from "@/lib/challenge/challenge-format";

/**
 * A solved challenge for the form's next request (docs/security.md "Public forms"). The first one is
 * solved in the background as soon as the form is shown, so by the time the person has filled it in
 * there is nothing to wait for; each request takes its own (a solution is good once), and a second
 * request solves a new one while the form shows "Checking your browser...".
 */

type Solved = { header: string; expiresAt: number };
export type ChallengeStatus = "idle" | "working" | "ready" | "failed";

async function fetchAndSolve(purpose: ChallengePurpose): Promise<Solved | null> {
  const issued = await apiCall<IssuedChallenge>(`/api/challenge?purpose=${purpose}`, {
    send: (url, init) => fetch(url, { ...init, cache: "no-store" }),
  });
  if (!issued.ok) return null;
  try {
    const { challenge, expiresAt } = issued.body;
    const nonces = await solveChallenge(challenge);
    return { header: formatSolution(challenge, nonces), expiresAt: Date.parse(expiresAt) };
  } catch {
    return null;
  }
}

const fresh = (solved: Solved | null): solved is Solved =>
  solved !== null && solved.expiresAt - Date.now() > CHALLENGE_REFRESH_MARGIN_SECONDS * 1000;

export function useChallenge(purpose: ChallengePurpose, { solveAhead = true }: { solveAhead?: boolean } = {}) {
  const [status, setStatus] = useState<ChallengeStatus>("idle");
  const pending = useRef<Promise<Solved | null> | null>(null);
  const done = useRef<Solved | null | undefined>(undefined);

  const start = useCallback(() => {
    setStatus("working");
    done.current = undefined;
    const run = fetchAndSolve(purpose).then((solved) => {
      if (pending.current === run) {
        done.current = solved;
        setStatus(solved ? "ready" : "failed");
      }
      return solved;
    });
    pending.current = run;
    return run;
  }, [purpose]);

  useEffect(() => {
    if (solveAhead && !pending.current) start();
  }, [solveAhead, start]);

  /**
   * The x-challenge-solution header for one request: the solution ready in the background when it is
   * still fresh, else a new one (`onWait` is called first, so the form can say it is checking). Null
   * when no challenge could be had (the server then refuses, and the form says so).
   */
  const take = useCallback(
    async (onWait?: () => void): Promise<Record<string, string>> => {
      let solved: Solved | null;
      if (pending.current && (done.current === undefined || fresh(done.current))) {
        if (done.current === undefined) onWait?.();
        solved = await pending.current;
      } else {
        solved = null;
      }
      if (!fresh(solved)) {
        onWait?.();
        solved = await start();
      }
      // Spent: the next request solves its own.
      pending.current = null;
      done.current = undefined;
      setStatus("idle");
      return solved ? { [CHALLENGE_HEADER]: solved.header } : {};
    },
    [start],
  );

  return { status, take };
}

/** A solved challenge for one request: the x-challenge-solution header (empty when none could be had). */
export type TakeChallenge = () => Promise<Record<string, string>>;

/**
 * The `send` of lib/api/browser-client.ts for a request that carries a solved challenge: fetch() with the
 * header; when the server refuses the solution (expired while the page sat open, or used), once more with
 * a new one.
 */
export function challengeSend(take: TakeChallenge): (url: string, init: RequestInit) => Promise<Response> {
  return async (url, init) => {
    for (let attempt = 0; ; attempt++) {
      const response = await fetch(url, {
        ...init,
        headers: { ...(init.headers as Record<string, string>), ...(await take()) },
      });
      if (response.status !== 403 || attempt > 0) return response;
      const { fields } = readErrorBody(
        await response
          .clone()
          .json()
          .catch(() => null),
      );
      if (!fields.challenge) return response;
    }
  };
}
