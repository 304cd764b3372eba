"use client";

import { useEffect, useState } from "react";
import { isZipFormat, ZIP_MESSAGES, type ZipLookup } from "@/lib/zip/zip-schema";
import { zipLookupRequest } from "@/components/contacts/contact-form/contact-api";

export type ZipLookupState =
  | { status: "idle" }
  | { status: "loading"; zip: string }
  | { status: "found"; zip: string; data: ZipLookup }
  | { status: "error"; zip: string; message: string };

/** §4: a ZIP of 5 digits triggers a state and county lookup (GET /api/zip-lookup/{zip}). */
export function useZipLookup(zip: string): ZipLookupState {
  const [state, setState] = useState<ZipLookupState>({ status: "idle" });
  const wanted = isZipFormat(zip) ? zip : null;

  useEffect(() => {
    if (!wanted) return;
    const controller = new AbortController();
    void zipLookupRequest(wanted, controller.signal).then((result) => {
      if (controller.signal.aborted) return;
      if (result.ok) setState({ status: "found", zip: wanted, data: result.body });
      else
        setState({
          status: "error",
          zip: wanted,
          message: result.status === 404 ? ZIP_MESSAGES.invalid : result.message || ZIP_MESSAGES.invalid,
        });
    });
    return () => controller.abort();
  }, [wanted]);

  // Until the answer for this ZIP arrives, it is loading (an older answer belongs to another ZIP).
  if (!wanted) return { status: "idle" };
  if (state.status === "idle" || state.zip !== wanted) return { status: "loading", zip: wanted };
  return state;
}
