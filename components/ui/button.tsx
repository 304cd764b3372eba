import type { ButtonHTMLAttributes, Ref } from "react";
import { cx } from "@/components/ui/cx";
import { focusRing } from "@/components/ui/focus";
import { Spinner } from "@/components/ui/spinner";

export type ButtonVariant = "primary" | "secondary" | "success" | "danger" | "danger-outline" | "ghost" | "link";
export type ButtonSize = "sm" | "md" | "lg";

const VARIANTS: Record<ButtonVariant, string> = {
  // brand-600 (#6b46c1) under white text: 6.3:1; red-700 under white: 6.5:1; gray-800 on white: 12:1.
  primary:
    "bg-brand-600 font-semibold text-white shadow-sm hover:bg-brand-700 disabled:bg-gray-300 disabled:text-gray-700",
  secondary:
    "bg-white font-medium text-gray-800 shadow-sm ring-1 ring-inset ring-gray-400 hover:bg-gray-50 disabled:text-gray-600",
  // A positive, committing action (Go Live): emerald-700 under white text, 5.5:1 (emerald-600 is 3.8:1, too low).
  success:
    "bg-emerald-700 font-semibold text-white shadow-sm hover:bg-emerald-800 focus-visible:ring-emerald-700 disabled:bg-gray-300 disabled:text-gray-700",
  danger:
    "bg-red-700 font-semibold text-white shadow-sm hover:bg-red-800 focus-visible:ring-red-600 disabled:bg-gray-300 disabled:text-gray-700",
  // A destructive action that is not the main one (Delete beside Edit): red-700 text on white, 6.5:1.
  "danger-outline":
    "bg-white font-medium text-red-700 shadow-sm ring-1 ring-inset ring-red-300 hover:bg-red-50 focus-visible:ring-red-600 disabled:text-gray-600",
  ghost: "font-medium text-gray-800 hover:bg-gray-100 disabled:text-gray-600",
  link: "font-medium text-brand-700 underline-offset-2 hover:text-brand-700 hover:underline disabled:text-gray-600",
};

// Every size keeps a 44×44 px target (min-h-11 min-w-11); sizes change padding and text only.
const SIZES: Record<ButtonSize, string> = {
  sm: "min-h-11 min-w-11 px-3 text-sm",
  md: "min-h-11 min-w-11 px-4 py-2 text-sm",
  lg: "min-h-12 min-w-12 px-6 py-3 text-base",
};

/**
 * The classes of a button, for the few places that must style another element as one (a Next.js Link that
 * looks like a button). Anything clickable that is a button uses <Button>.
 */
export function buttonClass({
  variant = "primary",
  size = "md",
  fullWidth = false,
  className,
}: { variant?: ButtonVariant; size?: ButtonSize; fullWidth?: boolean; className?: string } = {}) {
  return cx(
    "inline-flex items-center justify-center gap-2 rounded-md transition-colors disabled:cursor-not-allowed",
    focusRing,
    VARIANTS[variant],
    variant === "link" ? "min-h-11 min-w-11 px-1 text-sm" : SIZES[size],
    fullWidth && "w-full",
    className,
  );
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  /** While true: disabled, aria-busy, a spinner before the label, and `loadingLabel` (if given) instead of the children. */
  loading?: boolean;
  loadingLabel?: string;
  ref?: Ref<HTMLButtonElement>;
};

/**
 * A button. type="button" unless told otherwise (a stray submit is a classic bug); the loading state keeps the
 * accessible name readable ("Saving...") and marks the button busy.
 */
export function Button({
  variant,
  size,
  fullWidth,
  loading = false,
  loadingLabel,
  className,
  type = "button",
  disabled,
  children,
  ref,
  ...rest
}: ButtonProps) {
  return (
    <button
      ref={ref}
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={buttonClass({ variant, size, fullWidth, className })}
      {...rest}
    >
      {loading ? (
        <>
          <span aria-hidden="true">
            <Spinner className="h-4 w-4" label="" />
          </span>
          {loadingLabel ?? children}
        </>
      ) : (
        children
      )}
    </button>
  );
}
