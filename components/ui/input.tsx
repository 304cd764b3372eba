import type { InputHTMLAttributes, Ref, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { cx } from "@/components/ui/cx";
import { focusRingAlways } from "@/components/ui/focus";

/**
 * The look of every text control: 44 px tall, a gray-500 border (3:1 against white, WCAG 1.4.11), a focus ring on
 * any focus, a red border when aria-invalid, gray when disabled or read-only.
 */
export const controlClass = cx(
  "block min-h-11 w-full rounded-md border border-gray-500 bg-white px-3 py-2 text-sm text-gray-900 shadow-sm placeholder:text-gray-500",
  focusRingAlways,
  "focus:border-brand-600 aria-[invalid=true]:border-red-700 aria-[invalid=true]:focus:ring-red-600",
  "disabled:cursor-not-allowed disabled:bg-gray-100 disabled:text-gray-600 read-only:bg-gray-50 read-only:text-gray-700",
);

export type InputProps = InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };

/** A text input (any text-like type). Label it with <Field> or aria-label. */
export function Input({ className, ref, ...rest }: InputProps) {
  return <input ref={ref} className={cx(controlClass, className)} {...rest} />;
}

export type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & { ref?: Ref<HTMLSelectElement> };

/** A native select (the platform's own keyboard and screen-reader behaviour). */
export function Select({ className, ref, children, ...rest }: SelectProps) {
  return (
    <select ref={ref} className={cx(controlClass, "pr-8", className)} {...rest}>
      {children}
    </select>
  );
}

export type TextareaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> };

export function Textarea({ className, ref, ...rest }: TextareaProps) {
  return <textarea ref={ref} className={cx(controlClass, className)} {...rest} />;
}
