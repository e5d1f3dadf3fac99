import { useMutation } from "@tanstack/react-query";
import { useRef, type FormEvent } from "react";
import { complaintUpdate } from "../../../../shared/schemas/protection";
import { shortDateTime } from "../../../lib/dates";
import { focusFirstInvalid } from "../../../lib/form-errors";
import { toast } from "../../../lib/toast";
import { useTRPC } from "../../../lib/trpc";
import { Button } from "../../ui/button";
import { AdminDialog, DialogActions } from "../ui/admin-dialog";
import { failureToast } from "../ui/admin-toasts";
import { ComplaintStatusBadge } from "../ui/badges";
import type { Complaint } from "../ui/router-types";
import { SelectField } from "../ui/select-field";
import { TextAreaField } from "../ui/text-area-field";
import { useEditorForm } from "../ui/use-editor-form";
import { ResponseDue } from "./response-due-cell";

const STATUSES = [
  { value: "open", label: "Open" },
  { value: "answered", label: "Answered" },
  { value: "closed", label: "Closed" },
] as const;

type Status = Complaint["status"];

/** One complaint: what was said, the notes so far, and a status change and/or a new note. */
export function ComplaintDialog({ complaint, onClose }: { complaint: Complaint | null; onClose: () => void }) {
  return (
    <AdminDialog
      open={complaint !== null}
      onClose={onClose}
      title={complaint?.subject ?? "Complaint"}
      description={complaint ? `Complaint ${complaint.reference}` : undefined}
      size="lg"
    >
      {complaint ? <ComplaintDetail complaint={complaint} onDone={onClose} /> : null}
    </AdminDialog>
  );
}

function ComplaintDetail({ complaint: c, onDone }: { complaint: Complaint; onDone: () => void }) {
  const trpc = useTRPC();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useEditorForm<{ status: Status; note: string }>({ status: c.status, note: "" });
  const update = useMutation(
    trpc.admin.protection.updateComplaint.mutationOptions({
      onSuccess: (saved) => {
        toast.success("Complaint updated", `${saved.reference} is ${saved.status}.`);
        onDone();
      },
      onError: (error) => failureToast("Failed to update complaint", error),
    }),
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    const { status, note } = form.values;
    // The rules of PUT /admin/complaints/{id}; an unchanged status and a blank note are not sent.
    const parsed = complaintUpdate.safeParse({ id: c.id, status: status === c.status ? undefined : status, note: note.trim() || undefined });
    if (!parsed.success) {
      form.showZodErrors(parsed.error);
      focusFirstInvalid(formRef.current);
      return;
    }
    if (!parsed.data.status && !parsed.data.note) {
      form.setErrors({ note: "Change the status or write a note to save" });
      focusFirstInvalid(formRef.current);
      return;
    }
    update.mutate(parsed.data);
  };

  return (
    <div className="flex flex-col gap-5">
      <dl className="grid gap-3 rounded-xl bg-cream-100 p-4 text-sm sm:grid-cols-3">
        <div className="min-w-0">
          <dt className="text-stone-600">From</dt>
          <dd className="font-semibold text-stone-900">{c.name}</dd>
          <dd>
            <a href={`mailto:${c.email}`} className="[overflow-wrap:anywhere] font-semibold text-field-700 underline underline-offset-2">
              {c.email}
            </a>
          </dd>
        </div>
        <div>
          <dt className="text-stone-600">Received</dt>
          <dd className="font-semibold text-stone-900">{shortDateTime(c.createdAt)}</dd>
          <dd className="mt-1">
            <ComplaintStatusBadge status={c.status} />
          </dd>
        </div>
        <div>
          <dt className="text-stone-600">Response due</dt>
          <dd className="font-semibold text-stone-900">
            <ResponseDue complaint={c} />
          </dd>
        </div>
      </dl>

      <section aria-labelledby="complaint-message">
        <h3 id="complaint-message" className="mb-2 font-sans font-bold text-field-900">
          Message
        </h3>
        <p className="rounded-xl border border-cream-200 p-4 text-sm whitespace-pre-line break-words text-stone-800">{c.message}</p>
      </section>

      <section aria-labelledby="complaint-notes">
        <h3 id="complaint-notes" className="mb-2 font-sans font-bold text-field-900">
          Notes
        </h3>
        {c.notes.length === 0 ? (
          <p className="text-sm text-stone-600">No notes yet.</p>
        ) : (
          <ol className="flex flex-col gap-2">
            {c.notes.map((n, i) => (
              <li key={`${n.at}-${i}`} className="rounded-xl bg-cream-100 px-4 py-3 text-sm">
                <p className="text-xs text-stone-600">
                  {shortDateTime(n.at)} · {n.by}
                </p>
                <p className="mt-1 whitespace-pre-line break-words text-stone-800">{n.text}</p>
              </li>
            ))}
          </ol>
        )}
      </section>

      <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-4 border-t border-cream-200 pt-5">
        <SelectField label="Status" options={STATUSES} className="sm:max-w-60" {...form.text("status")} />
        <TextAreaField label="Add note" optional rows={3} hint="What was done or said; kept with your name." {...form.text("note")} />
        <DialogActions>
          <Button variant="secondary" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" pending={update.isPending}>
            {update.isPending ? "Saving..." : "Save Changes"}
          </Button>
        </DialogActions>
      </form>
    </div>
  );
}
