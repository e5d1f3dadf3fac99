import { useRef, type FormEvent } from "react";
import { dateOfBirthChange, todayIso } from "../../../../shared/schemas/admin";
import { focusFirstInvalid } from "../../../lib/form-errors";
import { toast } from "../../../lib/toast";
import { trpc } from "../../../lib/trpc";
import { Button } from "../../ui/button";
import { TextField } from "../../ui/text-field";
import { AdminDialog, DialogActions } from "../ui/admin-dialog";
import { failureToast } from "../ui/admin-toasts";
import { TextAreaField } from "../ui/text-area-field";
import { useEditorForm } from "../ui/use-editor-form";
import { fullName, type CustomerProfile } from "./customer-types";

/** Customers cannot change a date of birth once set (the age check rests on it); staff correct it here, with a reason. */
export function CorrectDobDialog({ profile, open, onClose }: { profile: CustomerProfile; open: boolean; onClose: () => void }) {
  return (
    <AdminDialog open={open} onClose={onClose} title="Correct date of birth" size="md" description={`${fullName(profile)} · ${profile.email}`}>
      {open ? <CorrectDobForm profile={profile} onDone={onClose} /> : null}
    </AdminDialog>
  );
}

function CorrectDobForm({ profile, onDone }: { profile: CustomerProfile; onDone: () => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useEditorForm({ dateOfBirth: profile.dateOfBirth ?? "", reason: "" });
  const utils = trpc.useUtils();
  const change = trpc.admin.users.changeDateOfBirth.useMutation({
    onSuccess: (result) => {
      toast.success("Date of birth changed", `${fullName(profile)}: ${result.dateOfBirth}.`);
      void utils.admin.customers.get.invalidate({ id: profile.id });
      void utils.admin.protection.invalidate();
      onDone();
    },
    onError: (error) => failureToast("Failed to change date of birth", error),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (change.isPending) return;
    const parsed = dateOfBirthChange.safeParse(form.values);
    if (!parsed.success) {
      form.showZodErrors(parsed.error);
      focusFirstInvalid(formRef.current);
      return;
    }
    change.mutate({ userId: profile.id, ...parsed.data });
  };

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <p className="text-stone-800">Entries are open only to people aged 18 or over. Check the evidence before you change it.</p>
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
