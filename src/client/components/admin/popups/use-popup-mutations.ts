import { useMutation } from "@tanstack/react-query";
import { toast } from "../../../lib/toast";
import { useTRPC } from "../../../lib/trpc";
import { failureToast } from "../ui/admin-toasts";

/** SPEC §8: pop-up failures are titled "Error", with the server's reason or the action's own message. */
export function usePopupMutations(onSaved?: () => void) {
  const trpc = useTRPC();
  const done = (message: string) => (saved: { title: string }) => {
    toast.success(message, saved.title);
    onSaved?.();
  };
  const create = useMutation(
    trpc.admin.popups.create.mutationOptions({ onSuccess: done("Popup created"), onError: (e) => failureToast("Error", e, "Failed to create popup") }),
  );
  const update = useMutation(
    trpc.admin.popups.update.mutationOptions({ onSuccess: done("Popup updated"), onError: (e) => failureToast("Error", e, "Failed to update popup") }),
  );
  const remove = useMutation(
    trpc.admin.popups.remove.mutationOptions({
      onSuccess: () => {
        toast.success("Popup deleted");
      },
      onError: (e) => failureToast("Error", e, "Failed to delete popup"),
    }),
  );
  return { create, update, remove };
}
