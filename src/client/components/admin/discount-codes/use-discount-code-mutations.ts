import { useMutation } from "@tanstack/react-query";
import { toast } from "../../../lib/toast";
import { useTRPC } from "../../../lib/trpc";
import { failureToast } from "../ui/admin-toasts";

interface Handlers {
  onSaved?: () => void;
  /** A refused create or update, after its toast (the dialog puts the server's words on their fields). */
  onRefused?: (error: unknown) => void;
}

/**
 * The discount code writes with their toasts. What they refresh is the shared rule's
 * (lib/query-client.ts): a write under admin.discountCodes refreshes admin.discountCodes.list.
 */
export function useDiscountCodeMutations({ onSaved, onRefused }: Handlers = {}) {
  const trpc = useTRPC();
  const saved = (message: string) => (code: { code: string }) => {
    toast.success(message, code.code);
    onSaved?.();
  };
  const refused = (fallback: string) => (error: unknown) => {
    failureToast("Error", error, fallback);
    onRefused?.(error);
  };
  const create = useMutation(
    trpc.admin.discountCodes.create.mutationOptions({ onSuccess: saved("Discount code created"), onError: refused("Failed to create discount code") }),
  );
  const update = useMutation(
    trpc.admin.discountCodes.update.mutationOptions({ onSuccess: saved("Discount code updated"), onError: refused("Failed to update discount code") }),
  );
  const remove = useMutation(
    trpc.admin.discountCodes.remove.mutationOptions({
      onSuccess: () => toast.success("Discount code deleted"),
      onError: (e) => failureToast("Error", e, "Failed to delete discount code"),
    }),
  );
  return { create, update, remove };
}
