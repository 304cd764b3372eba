"use client";

import { useId, type ReactNode, type RefObject } from "react";
import { CloseIcon } from "@/components/ui/close-icon";
import { cx } from "@/components/ui/cx";
import { focusRing } from "@/components/ui/focus";
import { ModalFrame } from "@/components/ui/modal-frame";

export type DialogProps = {
  /** Defaults to true: a dialog that is mounted only while open can leave it out. */
  open?: boolean;
  onClose: () => void;
  /** The heading (h2) that names the dialog (aria-labelledby). */
  title: ReactNode;
  /** A line under the title that describes the dialog (aria-describedby). */
  description?: ReactNode;
  /** When given, a close button (×) with this accessible name sits in the header. */
  closeLabel?: string;
  /** While true, Escape, the backdrop and the close button do nothing (work in flight). */
  busy?: boolean;
  /** The element focused on open; the first focusable element otherwise. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Width and layout classes of the panel (default max-w-lg). */
  className?: string;
  children: ReactNode;
};

/**
 * A modal dialog with a title. The one focus trap of the app (ModalFrame): focus moves in on open, Tab and
 * Shift+Tab stay inside, Escape and the backdrop close (not while busy), focus returns to the opener on close;
 * role="dialog", aria-modal, named by its title and described by its description.
 * Put the body in <DialogBody> and the buttons in <DialogFooter>.
 */
export function Dialog({
  open = true,
  onClose,
  title,
  description,
  closeLabel,
  busy = false,
  initialFocus,
  className = "max-w-lg",
  children,
}: DialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  return (
    <ModalFrame
      open={open}
      onClose={onClose}
      labelledBy={titleId}
      describedBy={description ? descriptionId : undefined}
      busy={busy}
      initialFocus={initialFocus}
      className={cx("flex flex-col", className)}
    >
      <div className="flex items-start justify-between gap-4 border-b border-gray-200 px-5 py-4 sm:px-6">
        <div className="min-w-0">
          <h2 id={titleId} className="text-lg font-semibold text-gray-900">
            {title}
          </h2>
          {description ? (
            <div id={descriptionId} className="mt-1 text-sm text-gray-600">
              {description}
            </div>
          ) : null}
        </div>
        {closeLabel ? (
          <button
            type="button"
            onClick={onClose}
            disabled={busy}
            aria-label={closeLabel}
            className={cx(
              "-mr-2 -mt-1 inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-md text-gray-600 hover:bg-gray-100 hover:text-gray-900 disabled:opacity-50",
              focusRing,
            )}
          >
            <CloseIcon />
          </button>
        ) : null}
      </div>
      {children}
    </ModalFrame>
  );
}

/** The scrolling body of a dialog. */
export function DialogBody({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={cx("min-h-0 flex-1 overflow-y-auto px-5 py-5 sm:px-6", className)}>{children}</div>;
}

/** The dialog's buttons: stacked on a phone (primary on top), in a row on the right from sm up. */
export function DialogFooter({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <div
      className={cx(
        "flex flex-col-reverse gap-2 border-t border-gray-200 px-5 py-4 sm:flex-row sm:justify-end sm:px-6",
        className,
      )}
    >
      {children}
    </div>
  );
}
