"use client";

import { useEffect, useRef } from "react";
import { Spinner } from "@/components/ui/spinner";
import { apiCall } from "@/lib/api/browser-client";
import type { LogoutDestination } from "@/lib/auth/logout-destination";

const LOGOUT_URL = "/api/auth/logout";
/** If the logout call hangs, leave anyway after this long. */
const GIVE_UP_AFTER_MS = 8000;

/**
 * The /logging-out page: shows a spinner, ends the session (POST /api/auth/logout) and then goes to /
 * (or /signup for ?then=signup). It goes there whether or not the call succeeded; `onDone` replaces
 * the navigation (for tests).
 */
export function LoggingOut({ onDone, destination = "/" }: { onDone?: () => void; destination?: LogoutDestination }) {
  const started = useRef(false);

  useEffect(() => {
    // Strict Mode runs effects twice in development; log out (and navigate) once.
    if (started.current) return;
    started.current = true;

    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      if (onDone) onDone();
      // A full page load on purpose: nothing from the old session (client cache, router state) survives.
      else window.location.assign(destination);
    };
    const timer = setTimeout(finish, GIVE_UP_AFTER_MS);

    // Whatever the answer (apiCall never throws), the page leaves.
    void apiCall(LOGOUT_URL, { method: "POST" }).then(finish);
  }, [onDone, destination]);

  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 px-6 text-center" aria-busy="true">
      <Spinner className="h-8 w-8 text-brand-600" label="Logging out" />
      <p className="text-sm font-medium text-gray-600" aria-live="polite">
        Logging out...
      </p>
    </main>
  );
}
