import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from "@headlessui/react";
import type { ReactNode } from "react";
import { cn } from "../../../lib/cn";
import { CloseIcon } from "../../ui/icons";

interface AdminDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  size?: "md" | "lg" | "xl";
  children: ReactNode;
}

const WIDTHS = { md: "max-w-lg", lg: "max-w-2xl", xl: "max-w-4xl" } as const;

/** The editor dialog: Escape and the close button dismiss it; focus stays inside while open. */
export function AdminDialog({ open, onClose, title, description, size = "lg", children }: AdminDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-field-950/60" />
      <div className="fixed inset-0 overflow-y-auto">
        <div className="flex min-h-full items-start justify-center p-2 sm:items-center sm:p-4">
          <DialogPanel className={cn("relative my-4 w-full rounded-2xl bg-white p-5 shadow-2xl sm:p-6", WIDTHS[size])}>
            <div className="mb-5 flex items-start justify-between gap-4">
              <div>
                <DialogTitle className="text-2xl font-bold">{title}</DialogTitle>
                {description ? <p className="mt-1 text-sm text-stone-700">{description}</p> : null}
              </div>
              <button
                type="button"
                onClick={onClose}
                aria-label="Close"
                className="-mr-2 -mt-2 inline-flex size-11 shrink-0 items-center justify-center rounded-full text-stone-600 hover:bg-cream-100 hover:text-stone-900"
              >
                <CloseIcon className="size-5" />
              </button>
            </div>
            {children}
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}

/** Buttons at the foot of a dialog form: on phones they stack full-width, primary last. */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className="mt-6 flex flex-col-reverse gap-3 border-t border-cream-200 pt-5 sm:flex-row sm:justify-end">{children}</div>;
}
