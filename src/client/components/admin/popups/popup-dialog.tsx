import { useRef, type FormEvent } from "react";
import type { Popup } from "../../../../shared/schemas/content";
import { focusFirstInvalid } from "../../../lib/form-errors";
import { Button } from "../../ui/button";
import { TextField } from "../../ui/text-field";
import { MediaUploadField } from "../media/media-upload-field";
import { AdminDialog, DialogActions } from "../ui/admin-dialog";
import { CheckboxField } from "../ui/checkbox-field";
import { SelectField } from "../ui/select-field";
import { TextAreaField } from "../ui/text-area-field";
import { useEditorForm } from "../ui/use-editor-form";
import { DisplayPagesField } from "./display-pages-field";
import { FREQUENCIES, NEW_POPUP, popupFormFrom, popupInputFrom, validatePopup } from "./popup-form-state";
import { usePopupMutations } from "./use-popup-mutations";

interface PopupDialogProps {
  open: boolean;
  popup: Popup | null;
  onClose: () => void;
}

export function PopupDialog({ open, popup, onClose }: PopupDialogProps) {
  return (
    <AdminDialog open={open} onClose={onClose} title={popup ? "Edit Popup" : "Create Popup"} size="lg">
      <PopupForm popup={popup} onDone={onClose} />
    </AdminDialog>
  );
}

function PopupForm({ popup, onDone }: { popup: Popup | null; onDone: () => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useEditorForm(popup ? popupFormFrom(popup) : NEW_POPUP);
  const { create, update } = usePopupMutations(onDone);
  const pending = create.isPending || update.isPending;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const parsed = validatePopup(form.values);
    if (!parsed.success) {
      form.showZodErrors(parsed.error);
      focusFirstInvalid(formRef.current);
      return;
    }
    const input = popupInputFrom(form.values);
    if (popup) update.mutate({ id: popup.id, ...input });
    else create.mutate(input);
  };

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <TextField label="Title" required {...form.text("title")} />
      <TextAreaField label="Description" optional rows={3} {...form.text("description")} />
      <MediaUploadField
        label="Image URL"
        optional
        value={form.values.image}
        onChange={(url) => form.set("image", url)}
        error={form.errors.image}
        target="campaign-media"
        uploadLabel="Upload Image"
        previewAlt="Popup image preview"
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="CTA Text" required placeholder="Enter Now" {...form.text("ctaText")} />
        <TextField label="CTA Link" required placeholder="/competitions or https://…" {...form.text("ctaLink")} />
      </div>
      <DisplayPagesField value={form.values.displayPages} onChange={(pages) => form.set("displayPages", pages)} />
      <div className="grid gap-5 sm:grid-cols-3">
        <TextField label="Display Delay (ms)" type="number" inputMode="numeric" min={0} step={500} {...form.text("displayDelay")} />
        <SelectField label="Show Frequency" options={FREQUENCIES} {...form.text("showFrequency")} />
        <TextField
          label="Priority"
          type="number"
          inputMode="numeric"
          min={1}
          max={10}
          step={1}
          hint="1 to 10; higher shows on top"
          {...form.text("priority")}
        />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Start Date" type="datetime-local" optional {...form.text("startDate")} />
        <TextField label="End Date" type="datetime-local" optional {...form.text("endDate")} />
      </div>
      <CheckboxField label="Active" hint="Inactive pop-ups are never shown." {...form.check("isActive")} />
      <DialogActions>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" pending={pending}>
          {pending ? "Saving..." : popup ? "Update Popup" : "Create Popup"}
        </Button>
      </DialogActions>
    </form>
  );
}
