import { useMutation } from "@tanstack/react-query";
import { useRef, type FormEvent } from "react";
import { restrictAccountInput } from "../../../../shared/schemas/protection";
import { focusFirstInvalid } from "../../../lib/form-errors";
import { toast } from "../../../lib/toast";
import { useTRPC } from "../../../lib/trpc";
import { Button } from "../../ui/button";
import { AdminDialog, DialogActions } from "../ui/admin-dialog";
import { failureToast } from "../ui/admin-toasts";
import type { PlayerAtRisk } from "../ui/router-types";
import { TextAreaField } from "../ui/text-area-field";
import { useEditorForm } from "../ui/use-editor-form";
import { isRestricted, suspensionText } from "./suspension";

interface RestrictDialogProps {
  /** The player to restrict, or whose restriction to lift; null when closed. */
  player: PlayerAtRisk | null;
  onClose: () => void;
}

/** Restrict an account (stops entries and purchases) or lift our own restriction, always with a reason. */
export function RestrictDialog({ player, onClose }: RestrictDialogProps) {
  const lifting = player ? isRestricted(player) : false;
  return (
    <AdminDialog
      open={player !== null}
      onClose={onClose}
      title={lifting ? "Lift restriction" : "Restrict account"}
      size="md"
      description={player ? `${player.name} · ${player.email}` : undefined}
    >
      {player ? <RestrictForm player={player} lifting={lifting} onDone={onClose} /> : null}
    </AdminDialog>
  );
}

function RestrictForm({ player, lifting, onDone }: { player: PlayerAtRisk; lifting: boolean; onDone: () => void }) {
  const trpc = useTRPC();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useEditorForm({ reason: "" });
  const restrict = useMutation(
    trpc.admin.protection.restrict.mutationOptions({
      onSuccess: (result) => {
        toast.success(result.restricted ? "Account restricted" : "Restriction lifted", player.name);
        onDone();
      },
      onError: (error) => failureToast(lifting ? "Failed to lift restriction" : "Failed to restrict account", error),
    }),
  );
  const ownSuspension = !lifting ? suspensionText(player) : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (restrict.isPending) return;
    // The rules of POST /admin/player-protection/{userId}/restrict: the reason is kept in the audit log.
    const parsed = restrictAccountInput.safeParse({ userId: player.userId, restricted: !lifting, reason: form.values.reason });
    if (!parsed.success) {
      form.showZodErrors(parsed.error);
      focusFirstInvalid(formRef.current);
      return;
    }
    restrict.mutate(parsed.data);
  };

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <p className="text-stone-800">
        {lifting
          ? "The player can enter competitions and buy tickets again once the restriction is lifted."
          : "A restricted player cannot enter competitions, buy tickets or receive marketing until the restriction is lifted."}
      </p>
      {ownSuspension ? (
        <p className="rounded-xl border border-wheat-200 bg-wheat-50 px-4 py-3 text-sm text-stone-800">
          {ownSuspension}, by their own choice. A restriction takes its place; lifting the restriction later would not restore the break.
        </p>
      ) : null}
      <TextAreaField label="Reason" rows={3} hint="At least 5 characters. Kept in the audit log with your name." {...form.text("reason")} />
      <DialogActions>
        <Button variant="secondary" onClick={onDone} disabled={restrict.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant={lifting ? "primary" : "danger"} pending={restrict.isPending}>
          Confirm
        </Button>
      </DialogActions>
    </form>
  );
}
