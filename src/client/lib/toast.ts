import type { ReactNode } from "react";
import { toast as sonner } from "sonner";

/**
 * One toast at a time (SPEC §9). The toaster's `visibleToasts={1}` only hides the others, and they
 * then show one after another once the first goes; so each new toast dismisses the one showing and
 * takes its place.
 */
function replacing(show: () => unknown): void {
  sonner.dismiss();
  show();
}

/** Every toast in the app has a title and an optional description (SPEC §8). */
export const toast = {
  success(title: string, description?: ReactNode) {
    replacing(() => sonner.success(title, { description }));
  },
  info(title: string, description?: ReactNode) {
    replacing(() => sonner(title, { description }));
  },
  /** The destructive variant; a description with a link stays up longer so it can be followed. */
  error(title: string, description?: ReactNode, options?: { duration?: number }) {
    replacing(() => sonner.error(title, { description, ...options }));
  },
};
