import { toast } from "../../../lib/toast";
import { trpc } from "../../../lib/trpc";
import { failureToast } from "../ui/admin-toasts";

/** SPEC §8: pop-up failures are titled "Error", with the server's reason or the action's own message. */
export function usePopupMutations(onSaved?: () => void) {
  const utils = trpc.useUtils();
  const refresh = () => {
    void utils.admin.popups.list.invalidate();
    void utils.public.content.popups.invalidate();
  };
  const done = (message: string) => (saved: { title: string }) => {
    toast.success(message, saved.title);
    refresh();
    onSaved?.();
  };
  const create = trpc.admin.popups.create.useMutation({ onSuccess: done("Popup created"), onError: (e) => failureToast("Error", e, "Failed to create popup") });
  const update = trpc.admin.popups.update.useMutation({ onSuccess: done("Popup updated"), onError: (e) => failureToast("Error", e, "Failed to update popup") });
  const remove = trpc.admin.popups.remove.useMutation({
    onSuccess: () => {
      toast.success("Popup deleted");
      refresh();
    },
    onError: (e) => failureToast("Error", e, "Failed to delete popup"),
  });
  return { create, update, remove };
}
