import type { ReactNode } from "react";

/** Small building blocks of the settings screen (Tailwind only). */

export const inputClass =
  "block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm shadow-sm placeholder:text-gray-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500 aria-[invalid=true]:border-red-500 disabled:bg-gray-50 disabled:text-gray-500";

export const buttonSecondary =
  "inline-flex items-center justify-center gap-2 rounded-md border border-gray-300 bg-white px-3 py-2 text-sm font-medium text-gray-700 shadow-sm hover:bg-gray-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50";

export const buttonPrimary =
  "inline-flex items-center justify-center gap-2 rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:bg-gray-300 disabled:text-gray-600";

export function Section({ id, title, description, children, aside }: { id: string; title: string; description?: ReactNode; children: ReactNode; aside?: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-gray-200 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={`${id}-title`} className="text-lg font-semibold text-gray-900">
            {title}
          </h2>
          {description ? <p className="mt-1 text-sm text-gray-600">{description}</p> : null}
        </div>
        {aside}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  );
}

export function FieldMessage({ id, messages, tone = "error" }: { id?: string; messages?: readonly (string | null | undefined)[] | string | null; tone?: "error" | "warning" }) {
  const list = (typeof messages === "string" ? [messages] : (messages ?? [])).filter((m): m is string => Boolean(m));
  if (list.length === 0) return null;
  return (
    <div id={id} className={`mt-2 space-y-1 text-sm ${tone === "error" ? "text-red-600" : "text-amber-700"}`}>
      {list.map((m) => (
        <p key={m} role="alert">
          {m}
        </p>
      ))}
    </div>
  );
}

/** A labelled on/off switch: a real checkbox (keyboard, labels, forms) drawn as a switch. */
export function Toggle({
  id,
  label,
  description,
  checked,
  onChange,
  disabled,
}: {
  id: string;
  label: string;
  description?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <div className="flex items-start justify-between gap-4 py-2">
      <div className="min-w-0">
        <label htmlFor={id} className="text-sm font-medium text-gray-900">
          {label}
        </label>
        {description ? (
          <p id={`${id}-description`} className="text-xs text-gray-500">
            {description}
          </p>
        ) : null}
      </div>
      <span className="relative inline-flex shrink-0 items-center">
        <input
          id={id}
          type="checkbox"
          role="switch"
          className="peer absolute inset-0 h-full w-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
          checked={checked}
          disabled={disabled}
          aria-describedby={description ? `${id}-description` : undefined}
          onChange={(e) => onChange(e.target.checked)}
        />
        <span
          aria-hidden="true"
          className="pointer-events-none h-6 w-11 rounded-full bg-gray-200 transition-colors peer-checked:bg-brand-600 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-500 peer-focus-visible:ring-offset-2 peer-disabled:opacity-50"
        />
        <span
          aria-hidden="true"
          className="pointer-events-none absolute left-0.5 h-5 w-5 rounded-full bg-white shadow ring-1 ring-gray-900/5 transition-transform peer-checked:translate-x-5"
        />
      </span>
    </div>
  );
}

export function Checkbox({ id, label, hint, checked, onChange, disabled }: { id: string; label: ReactNode; hint?: ReactNode; checked: boolean; onChange: (checked: boolean) => void; disabled?: boolean }) {
  return (
    <div className="flex items-start gap-2">
      <input
        id={id}
        type="checkbox"
        className="mt-0.5 h-4 w-4 shrink-0 rounded border-gray-300 text-brand-600 accent-brand-600 focus:ring-brand-500"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
      />
      <label htmlFor={id} className="min-w-0 text-sm text-gray-800">
        {label}
        {hint ? <span className="block text-xs text-gray-500">{hint}</span> : null}
      </label>
    </div>
  );
}
