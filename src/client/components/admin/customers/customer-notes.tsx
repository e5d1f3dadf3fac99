import { useMutation } from "@tanstack/react-query";
import { useRef, type FormEvent } from "react";
import { customerNoteForm, type CustomerRecord } from "../../../../shared/schemas/customers";
import { shortDateTime } from "../../../lib/dates";
import { focusFirstInvalid } from "../../../lib/form-errors";
import { toast } from "../../../lib/toast";
import { useTRPC } from "../../../lib/trpc";
import { Button } from "../../ui/button";
import { failureToast } from "../ui/admin-toasts";
import { TextAreaField } from "../ui/text-area-field";
import { useEditorForm } from "../ui/use-editor-form";
import { Nothing, RecordSection } from "./section";

/** Staff notes on the customer (audited), newest first, and the form to add one. */
export function CustomerNotes({ customerId, notes }: { customerId: string; notes: CustomerRecord["notes"] }) {
  const trpc = useTRPC();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useEditorForm({ text: "" });
  const add = useMutation(
    trpc.admin.customers.addNote.mutationOptions({
      onSuccess: () => {
        toast.success("Note added");
        form.reset({ text: "" });
      },
      onError: (error) => failureToast("Failed to add the note", error),
    }),
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (add.isPending) return;
    const parsed = customerNoteForm.safeParse(form.values);
    if (!parsed.success) {
      form.showZodErrors(parsed.error);
      focusFirstInvalid(formRef.current);
      return;
    }
    add.mutate({ id: customerId, ...parsed.data });
  };

  const sorted = [...notes].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    <RecordSection title="Notes" count={notes.length}>
      <form ref={formRef} onSubmit={onSubmit} noValidate className="mb-4 flex flex-col gap-3">
        <TextAreaField label="New note" rows={3} hint="Staff only; kept with your name." {...form.text("text")} />
        <Button type="submit" size="sm" pending={add.isPending} className="self-end max-sm:w-full">
          Add note
        </Button>
      </form>
      {sorted.length === 0 ? (
        <Nothing>No notes yet.</Nothing>
      ) : (
        <ul className="flex flex-col gap-3">
          {sorted.map((n) => (
            <li key={n.id} className="rounded-xl border border-cream-200 bg-cream-50 px-4 py-3">
              <p className="break-words whitespace-pre-line text-stone-900">{n.text}</p>
              <p className="mt-1 text-xs text-stone-600">
                {n.authorEmail ?? "Staff"} · {shortDateTime(n.createdAt)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </RecordSection>
  );
}
