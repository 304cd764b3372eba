"use client";

import { useEffect, useState } from "react";
import { apiCall } from "@/lib/api/browser-client";

/** invalid: the call answered, but not with the shape the panel draws (the chart says 'Invalid chart data'). */
export type ResourceState<T> =
  { status: "loading" } | { status: "error" } | { status: "invalid" } | { status: "ready"; data: T };

type Settled<T> = { requestKey: string; state: ResourceState<T> };

/**
 * One dashboard call with its own loading and error state (agency-side.md §4: chart, stats and ranking
 * each load and fail on their own). `url` null means "not ready to ask" (an incomplete custom range):
 * the last answer stays. `reloadKey` changes on Refresh. An answer for an older request is dropped,
 * and until the current request settles the state is loading.
 */
export function useDashboardResource<T>(
  url: string | null,
  reloadKey: number,
  isValid: (body: unknown) => body is T,
): ResourceState<T> {
  const [settled, setSettled] = useState<Settled<T> | null>(null);
  const requestKey = url ? `${reloadKey}:${url}` : null;
  useEffect(() => {
    if (!url || !requestKey) return;
    const controller = new AbortController();
    // Figures change by the minute: never an HTTP-cached answer.
    const send = (target: string, init: RequestInit) => fetch(target, { ...init, cache: "no-store" });
    void apiCall<unknown>(url, { signal: controller.signal, send }).then((result) => {
      if (controller.signal.aborted) return;
      if (!result.ok) setSettled({ requestKey, state: { status: "error" } });
      else
        setSettled({
          requestKey,
          state: isValid(result.body) ? { status: "ready", data: result.body } : { status: "invalid" },
        });
    });
    return () => controller.abort();
  }, [url, requestKey, isValid]);
  if (!requestKey) return settled?.state ?? { status: "loading" };
  return settled?.requestKey === requestKey ? settled.state : { status: "loading" };
}
