import { toast as sonner } from "sonner";

/** Every toast in the app has a title and an optional description (SPEC §8). */
export const toast = {
  success(title: string, description?: string) {
    sonner.success(title, { description });
  },
  info(title: string, description?: string) {
    sonner(title, { description });
  },
  /** The destructive variant. */
  error(title: string, description?: string) {
    sonner.error(title, { description });
  },
};
