import { Dialog, DialogPanel, DialogTitle, Description } from "@headlessui/react";
import type { ReactNode } from "react";
import { Button } from "./button";
import type { ButtonVariant } from "./button-styles";

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  pending?: boolean;
  variant?: ButtonVariant;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * A question that must be answered before something that cannot be taken back. Escape, the
 * backdrop and Cancel close it; focus starts on Cancel so Enter never confirms by accident.
 */
export function ConfirmDialog({ open, title, children, confirmLabel, pending, variant = "danger", onConfirm, onClose }: ConfirmDialogProps) {
  return (
    <Dialog open={open} onClose={() => (pending ? undefined : onClose())} className="relative z-50">
      <div className="fixed inset-0 bg-field-950/60" aria-hidden="true" />
      <div className="fixed inset-0 flex items-end justify-center p-3 sm:items-center sm:p-6">
        <DialogPanel className="w-full max-w-md rounded-2xl bg-white p-5 shadow-2xl sm:p-6">
          <DialogTitle className="font-display text-2xl font-bold text-field-900">{title}</DialogTitle>
          <Description as="div" className="mt-3 flex flex-col gap-2 text-stone-700">
            {children}
          </Description>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onClose} disabled={pending} autoFocus>
              Cancel
            </Button>
            <Button variant={variant} onClick={onConfirm} pending={pending}>
              {confirmLabel}
            </Button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
