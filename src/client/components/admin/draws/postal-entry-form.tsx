import { useMutation } from "@tanstack/react-query";
import { useRef, type FormEvent } from "react";
import type { AdminCompetition } from "../../../../shared/schemas/admin";
import { focusFirstInvalid } from "../../../lib/form-errors";
import { toast } from "../../../lib/toast";
import { useTRPC } from "../../../lib/trpc";
import { Button } from "../../ui/button";
import { TextField } from "../../ui/text-field";
import { failureToast } from "../ui/admin-toasts";
import { TextAreaField } from "../ui/text-area-field";
import { useEditorForm } from "../ui/use-editor-form";
import { emptyPostalForm, postalEntryErrors, postalEntryFrom, todayInput } from "./postal-entry-form-state";

/** Record a free entry that arrived by post: one ticket, in the same pool as the paid ones. */
export function PostalEntryForm({ competition: c }: { competition: AdminCompetition }) {
  const trpc = useTRPC();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useEditorForm(emptyPostalForm());
  const question = c.qualifyingQuestion?.trim() || null;
  const record = useMutation(
    trpc.admin.draws.recordPostal.mutationOptions({
      onSuccess: (entry) => {
        const tickets = entry.ticketNumbers.join(", ");
        toast.success("Postal entry recorded", `Ticket ${tickets} for ${entry.customerName}.`);
        form.reset(emptyPostalForm());
      },
      onError: (error) => failureToast("Failed to record postal entry", error),
    }),
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (record.isPending) return;
    const errors = postalEntryErrors(form.values, question !== null);
    if (Object.values(errors).some(Boolean)) {
      form.setErrors(errors);
      focusFirstInvalid(formRef.current);
      return;
    }
    record.mutate({ id: c.id, ...postalEntryFrom(form.values, question !== null) });
  };

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Entrant Name" autoComplete="off" {...form.text("customerName")} />
        <TextField label="Entrant Email" type="email" inputMode="email" autoComplete="off" {...form.text("customerEmail")} />
      </div>
      <TextAreaField label="Postal Address" rows={3} hint="As written on the envelope or card." {...form.text("address")} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Date Received" type="date" max={todayInput()} {...form.text("receivedOn")} />
        <TextField
          label="Postal Reference"
          autoComplete="off"
          hint="Your own reference for this card; each is recorded once."
          {...form.text("postalReference")}
        />
      </div>
      {question ? (
        <TextField
          label={question}
          autoComplete="off"
          hint={c.qualifyingAnswer ? `The entrant's answer, as written. Expected: “${c.qualifyingAnswer}”.` : "The entrant's answer, as written."}
          {...form.text("answer")}
        />
      ) : null}
      <TextField
        label="Date of Birth"
        type="date"
        optional
        max={todayInput()}
        hint="Needed unless the email matches an account with a date of birth. Entrants must be 18 or over."
        {...form.text("dateOfBirth")}
      />
      <div className="flex justify-end">
        <Button type="submit" pending={record.isPending} className="w-full sm:w-auto">
          {record.isPending ? "Recording..." : "Record Entry"}
        </Button>
      </div>
    </form>
  );
}
