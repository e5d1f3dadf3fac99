import type { ReactNode } from "react";
import { toast as sonner } from "sonner";

/** Every toast in the app has a title and an optional description (SPEC §8). */
export const toast = {
  success(title: string, description?: ReactNode) {
    sonner.success(title, { description });
  },
  info(title: string, description?: ReactNode) {
    sonner(title, { description });
  },
  /** The destructive variant; a description with a link stays up longer so it can be followed. */
  error(title: string, description?: ReactNode, options?: { duration?: number }) {
    sonner.error(title, { description, ...options });
  },
};
