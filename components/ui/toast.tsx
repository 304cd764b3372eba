"use client";

import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { CloseIcon } from "@/components/ui/close-icon";
import { cx } from "@/components/ui/cx";
import { focusRing } from "@/components/ui/focus";

export type ToastTone = "success" | "error" | "info";
type ToastItem = { id: number; message: string; tone: ToastTone };

type ToastApi = { show: (message: string, options?: { tone?: ToastTone }) => void };

const ToastContext = createContext<ToastApi | null>(null);

const TONES: Record<ToastTone, string> = {
  success: "bg-white text-gray-900 ring-green-700",
  error: "bg-white text-red-800 ring-red-700",
  info: "bg-white text-gray-900 ring-gray-400",
};

/** How long a success or info toast stays; an error stays until dismissed (nobody should miss it). */
export const TOAST_MS = 6000;

/**
 * Provides useToast(). The two live regions exist from the first render (a region added together with its text
 * is not announced): successes and infos in a polite role="status" region, errors in an assertive role="alert" one.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);
  const show = useCallback((message: string, options?: { tone?: ToastTone }) => {
    const id = nextId.current++;
    setToasts((list) => [...list, { id, message, tone: options?.tone ?? "success" }]);
  }, []);
  const api = useMemo(() => ({ show }), [show]);
  const region = (errors: boolean) => toasts.filter((t) => (t.tone === "error") === errors);
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="pointer-events-none fixed inset-x-0 bottom-0 z-[60] flex flex-col items-center gap-2 p-4 sm:items-end">
        <div role="status" aria-live="polite" className="flex w-full flex-col items-center gap-2 sm:items-end">
          {region(false).map((toast) => (
            <Toast key={toast.id} toast={toast} onDismiss={dismiss} />
          ))}
        </div>
        <div role="alert" aria-live="assertive" className="flex w-full flex-col items-center gap-2 sm:items-end">
          {region(true).map((toast) => (
            <Toast key={toast.id} toast={toast} onDismiss={dismiss} />
          ))}
        </div>
      </div>
    </ToastContext.Provider>
  );
}

function Toast({ toast, onDismiss }: { toast: ToastItem; onDismiss: (id: number) => void }) {
  useEffect(() => {
    if (toast.tone === "error") return;
    const timer = setTimeout(() => onDismiss(toast.id), TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast, onDismiss]);
  return (
    <div
      className={cx(
        "pointer-events-auto flex w-full max-w-sm items-center gap-3 rounded-lg py-2 pl-4 pr-1 text-sm shadow-lg ring-2",
        TONES[toast.tone],
      )}
    >
      <p className="min-w-0 flex-1">{toast.message}</p>
      <button
        type="button"
        aria-label="Dismiss"
        onClick={() => onDismiss(toast.id)}
        className={cx(
          "inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-md text-gray-600 hover:bg-gray-100 hover:text-gray-900",
          focusRing,
        )}
      >
        <CloseIcon />
      </button>
    </div>
  );
}

/** show(message, { tone }) from any component under a ToastProvider. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToast needs a <ToastProvider> above it");
  return api;
}
