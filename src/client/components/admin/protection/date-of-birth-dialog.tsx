import { useMutation } from "@tanstack/react-query";
import { useRef, type FormEvent } from "react";
import { dateOfBirthChange, todayIso } from "../../../../shared/schemas/admin";
import { focusFirstInvalid } from "../../../lib/form-errors";
import { toast } from "../../../lib/toast";
import { useTRPC } from "../../../lib/trpc";
import { Button } from "../../ui/button";
import { TextField } from "../../ui/text-field";
import { AdminDialog, DialogActions } from "../ui/admin-dialog";
import { failureToast } from "../ui/admin-toasts";
import { TextAreaField } from "../ui/text-area-field";
import { useEditorForm } from "../ui/use-editor-form";

/** Whose date of birth is changed: a row of player protection, or a customer's record. */
export interface DateOfBirthHolder {
  userId: string;
  name: string;
  email: string;
  /** The date on the account now, to start from; empty when none. */
  dateOfBirth?: string | null;
}

interface DateOfBirthDialogProps {
  /** The player whose date of birth to change; null when closed. */
  player: DateOfBirthHolder | null;
  onClose: () => void;
}

/**
 * Players cannot change a date of birth once set (the age check rests on it); an admin corrects
 * one here, with a reason (PUT /admin/users/{userId}/date-of-birth, audited).
 */
export function DateOfBirthDialog({ player, onClose }: DateOfBirthDialogProps) {
  return (
    <AdminDialog
      open={player !== null}
      onClose={onClose}
      title="Change date of birth"
      size="md"
      description={player ? `${player.name} · ${player.email}` : undefined}
    >
      {player ? <DateOfBirthForm player={player} onDone={onClose} /> : null}
    </AdminDialog>
  );
}

function DateOfBirthForm({ player, onDone }: { player: DateOfBirthHolder; onDone: () => void }) {
  const trpc = useTRPC();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useEditorForm({ dateOfBirth: player.dateOfBirth ?? "", reason: "" });
  const change = useMutation(
    trpc.admin.users.changeDateOfBirth.mutationOptions({
      onSuccess: (result) => {
        toast.success("Date of birth changed", `${player.name}: ${result.dateOfBirth}.`);
        onDone();
      },
      onError: (error) => failureToast("Failed to change date of birth", error),
    }),
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (change.isPending) return;
    const parsed = dateOfBirthChange.safeParse(form.values);
    if (!parsed.success) {
      form.showZodErrors(parsed.error);
      focusFirstInvalid(formRef.current);
      return;
    }
    change.mutate({ userId: player.userId, ...parsed.data });
  };

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <p className="text-stone-800">
        Entries are open only to people aged 18 or over, so the player cannot change this themselves. Check the evidence before you change it.
      </p>
      <TextField label="Date of birth" type="date" max={todayIso()} {...form.text("dateOfBirth")} />
      <TextAreaField
        label="Reason"
        rows={3}
        hint="At least 5 characters, e.g. the document you checked. Kept in the audit log with your name."
        {...form.text("reason")}
      />
      <DialogActions>
        <Button variant="secondary" onClick={onDone} disabled={change.isPending}>
          Cancel
        </Button>
        <Button type="submit" pending={change.isPending}>
          Confirm
        </Button>
      </DialogActions>
    </form>
  );
}
