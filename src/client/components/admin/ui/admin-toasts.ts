import { toast } from "../../../lib/toast";
import { serverMessage } from "../../../lib/trpc-errors";

/** A destructive toast with the spec's title and, when the server said why, its reason. */
export function failureToast(title: string, error: unknown, fallback?: string): void {
  toast.error(title, serverMessage(error) ?? fallback);
}

/** SPEC §8: deletes of hero slides, campaigns, categories and winners ask first. */
export function confirmDelete(question: string): boolean {
  return window.confirm(question);
}
