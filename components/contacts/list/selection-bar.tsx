"use client";

import { contactCountLabel } from "@/lib/contacts/list-contacts-view";
import { Button } from "@/components/ui/button";

export type SelectionBarProps = {
  count: number;
  isAdmin: boolean;
  onCancel: () => void;
  onReassign: () => void;
  onDelete: () => void;
};

/** With a selection: "N contacts selected" with Cancel, Reassign Agent (admins) and Delete Selected. */
export function SelectionBar({ count, isAdmin, onCancel, onReassign, onDelete }: SelectionBarProps) {
  if (count === 0) return null;
  return (
    <div
      role="region"
      aria-label="Selected contacts"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-gray-200 bg-white/95 shadow-[0_-4px_12px_rgba(0,0,0,0.06)] backdrop-blur"
    >
      <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p className="text-sm font-medium text-gray-900" aria-live="polite">
          {contactCountLabel(count)} selected
        </p>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          {isAdmin ? (
            <Button variant="secondary" onClick={onReassign}>
              Reassign Agent
            </Button>
          ) : null}
          <Button variant="danger" onClick={onDelete}>
            Delete Selected
          </Button>
        </div>
      </div>
    </div>
  );
}
