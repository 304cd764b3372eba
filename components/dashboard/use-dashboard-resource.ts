"use client";

import { useEffect, useState } from "react";

/** invalid: the call answered, but not with the shape the panel draws (the chart says 'Invalid chart data'). */
export type ResourceState<T> = { status: "loading" } | { status: "error" } | { status: "invalid" } | { status: "ready"; data: T };

type Settled<T> = { requestKey: string; state: ResourceState<T> };

/**
 * One dashboard call with its own loading and error state (agency-side.md §4: chart, stats and ranking
 * each load and fail on their own). `url` null means "not ready to ask" (an incomplete custom range):
 * the last answer stays. `reloadKey` changes on Refresh. An answer for an older request is dropped,
 * and until the current request settles the state is loading.
 */
export function useDashboardResource<T>(url: string | null, reloadKey: number, isValid: (body: unknown) => body is T): ResourceState<T> {
  const [settled, setSettled] = useState<Settled<T> | null>(null);
  const requestKey = url ? `${reloadKey}:${url}` : null;
  useEffect(() => {
    if (!url || !requestKey) return;
    const controller = new AbortController();
    fetch(url, { signal: controller.signal, cache: "no-store" })
      .then(async (response) => {
        if (!response.ok) throw new Error(`Bad status: ${response.status}`);
        const body: unknown = await response.json();
        if (controller.signal.aborted) return;
        setSettled({ requestKey, state: isValid(body) ? { status: "ready", data: body } : { status: "invalid" } });
      })
      .catch(() => {
        if (!controller.signal.aborted) setSettled({ requestKey, state: { status: "error" } });
      });
    return () => controller.abort();
  }, [url, requestKey, isValid]);
  if (!requestKey) return settled?.state ?? { status: "loading" };
  return settled?.requestKey === requestKey ? settled.state : { status: "loading" };
}
