import { useMutation, useQuery } from "@tanstack/react-query";
import { useRef, type FormEvent } from "react";
import { winnerInput } from "../../../../shared/schemas/admin";
import { focusFirstInvalid } from "../../../lib/form-errors";
import { toast } from "../../../lib/toast";
import { useTRPC } from "../../../lib/trpc";
import { Button } from "../../ui/button";
import { TextField } from "../../ui/text-field";
import { MediaUploadField } from "../media/media-upload-field";
import { AdminDialog, DialogActions } from "../ui/admin-dialog";
import { failureToast } from "../ui/admin-toasts";
import { SelectField } from "../ui/select-field";
import { TextAreaField } from "../ui/text-area-field";
import { useEditorForm } from "../ui/use-editor-form";
import type { AdminWinnerView } from "./winner-types";

interface WinnerDialogProps {
  open: boolean;
  /** The winner being edited, or null to add one. */
  winner: AdminWinnerView | null;
  onClose: () => void;
}

/** Opens empty (add) or prefilled (edit); closes and resets after a successful save (SPEC §4). */
export function WinnerDialog({ open, winner, onClose }: WinnerDialogProps) {
  return (
    <AdminDialog open={open} onClose={onClose} title={winner ? "Edit Winner" : "Add New Winner"} size="md">
      <WinnerForm winner={winner} onDone={onClose} />
    </AdminDialog>
  );
}

function WinnerForm({ winner, onDone }: { winner: AdminWinnerView | null; onDone: () => void }) {
  const trpc = useTRPC();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useEditorForm({
    competitionId: winner?.competitionId ?? "",
    customerName: winner?.customerName ?? "",
    photo: winner?.photo ?? "",
    testimonial: winner?.testimonial ?? "",
    ticketNumber: winner?.ticketNumber ?? "",
  });
  const competitions = useQuery(trpc.admin.competitions.list.queryOptions());
  const options = (competitions.data ?? []).map((c) => ({ value: c.id, label: c.title }));
  const saved = (message: string) => () => {
    toast.success(message);
    onDone();
  };
  const create = useMutation(
    trpc.admin.winners.create.mutationOptions({
      onSuccess: saved("Winner created successfully"),
      onError: (e) => failureToast("Failed to create winner", e),
    }),
  );
  const update = useMutation(
    trpc.admin.winners.update.mutationOptions({
      onSuccess: saved("Winner updated successfully"),
      onError: (e) => failureToast("Failed to update winner", e),
    }),
  );
  const pending = create.isPending || update.isPending;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const parsed = winnerInput.safeParse(form.values);
    if (!parsed.success) {
      form.showZodErrors(parsed.error);
      focusFirstInvalid(formRef.current);
      return;
    }
    const { ticketNumber, ...fields } = form.values;
    if (winner) update.mutate({ id: winner.id, ...fields });
    else create.mutate(ticketNumber ? { ...fields, ticketNumber } : fields);
  };

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <TextField label="Winner Name*" autoComplete="off" {...form.text("customerName")} />
      <SelectField label="Competition*" options={options} placeholder="Select a competition" {...form.text("competitionId")} />
      <MediaUploadField
        label="Winner Photo URL"
        optional
        value={form.values.photo}
        onChange={(url) => form.set("photo", url)}
        error={form.errors.photo}
        target="image"
        previewAlt="Winner photo preview"
        previewClassName="size-28 rounded-full"
      />
      <TextAreaField label="Testimonial" optional rows={3} {...form.text("testimonial")} />
      {winner ? null : (
        <TextField
          label="Winning ticket number"
          optional
          inputMode="numeric"
          autoComplete="off"
          hint="When the prize was won with a ticket: the winner is linked to that entry and gets a claim link by email."
          {...form.text("ticketNumber")}
        />
      )}
      <DialogActions>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" pending={pending}>
          {pending ? "Saving..." : winner ? "Update Winner" : "Add Winner"}
        </Button>
      </DialogActions>
    </form>
  );
}
