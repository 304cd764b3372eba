"use client";

import { useRef } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogFooter } from "@/components/ui/dialog";

export type SendQuoteDialogProps = {
  contactName: string;
  email: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/**
 * Once the agency is live, Send Quote emails a real client: this asks first, naming who and where. Escape and Cancel
 * close (not while sending); Cancel has the focus, so Enter never sends by accident.
 */
export function SendQuoteDialog({ contactName, email, busy, onConfirm, onClose }: SendQuoteDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      onClose={onClose}
      title="Send Quote"
      description={`Email ${contactName} their personalized quote link at ${email}? The email goes out now.`}
      busy={busy}
      initialFocus={cancelRef}
      className="max-w-md"
    >
      <DialogFooter>
        <Button ref={cancelRef} variant="secondary" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button onClick={onConfirm} loading={busy} loadingLabel="Sending...">
          Send Email
        </Button>
      </DialogFooter>
    </Dialog>
  );
}
