import { useMutation } from "@tanstack/react-query";
import { useRef, useState, type FormEvent } from "react";
import { notificationInput, type Notification } from "../../../../shared/schemas/notification";
import { toast } from "../../../lib/toast";
import { useTRPC } from "../../../lib/trpc";
import { Button } from "../../ui/button";
import { TextField } from "../../ui/text-field";
import { failureToast } from "../ui/admin-toasts";
import { CheckboxField } from "../ui/checkbox-field";
import { SelectField } from "../ui/select-field";
import { TextAreaField } from "../ui/text-area-field";
import { useEditorForm } from "../ui/use-editor-form";
import { CustomerPicker, customerChoice, type PickedCustomer } from "./customer-picker";
import { PRIORITY_OPTIONS, TYPE_OPTIONS } from "./notification-options";

interface Values {
  title: string;
  message: string;
  type: Notification["type"];
  priority: Notification["priority"];
  emailOptedIn: boolean;
}

const EMPTY: Values = { title: "", message: "", type: "info", priority: "normal", emailOptedIn: false };

/** Broadcast to everyone (and, if ticked, by email to those who opted in), or (targeted) to one customer picked by name or email. */
export function NotificationForm({ targeted }: { targeted: boolean }) {
  const trpc = useTRPC();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useEditorForm(EMPTY);
  const [recipient, setRecipient] = useState<PickedCustomer | null>(null);
  const [recipientError, setRecipientError] = useState<string | undefined>();
  const create = useMutation(
    trpc.admin.reports.createNotification.mutationOptions({
      // Sent from the reports router, shown in the notification lists.
      meta: { refreshes: ["admin.notifications", "customer.notifications"] },
      onSuccess: (sent, input) => {
        const detail = !sent.userId && input.emailOptedIn ? `${sent.title} (also emailed to customers who opted in)` : sent.title;
        toast.success(
          sent.userId ? "Notification sent" : "Notification broadcast",
          recipient && sent.userId ? `${sent.title} · ${customerChoice(recipient)}` : detail,
        );
        form.reset(EMPTY);
        setRecipient(null);
      },
      onError: (error) => failureToast("Failed to create notification", error),
    }),
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const { emailOptedIn, ...values } = form.values;
    const input = targeted ? { ...values, userId: recipient?.id ?? null } : { ...values, userId: null, emailOptedIn };
    const missingTarget = targeted && !recipient;
    setRecipientError(missingTarget ? "Choose a customer" : undefined);
    const parsed = notificationInput.safeParse(input);
    if (!parsed.success || missingTarget) {
      // One message for the form (SPEC §5), then the first empty field gets focus.
      toast.error("Error", parsed.success ? "Please fill in all required fields" : (parsed.error.issues[0]?.message ?? "Please fill in all required fields"));
      const empty = [...(formRef.current?.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input[required], textarea[required]") ?? [])].find(
        (el) => !el.value.trim(),
      );
      empty?.focus();
      return;
    }
    create.mutate(parsed.data);
  };

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      {targeted ? (
        <CustomerPicker
          label="Customer"
          value={recipient}
          onChange={(c) => {
            setRecipient(c);
            if (c) setRecipientError(undefined);
          }}
          error={recipientError}
          hint="Search by name or email; only they will see it."
        />
      ) : null}
      <TextField label="Title" required {...form.text("title")} />
      <TextAreaField label="Message" required rows={4} {...form.text("message")} />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField label="Type" options={TYPE_OPTIONS} {...form.text("type")} />
        <SelectField label="Priority" options={PRIORITY_OPTIONS} {...form.text("priority")} />
      </div>
      {targeted ? null : (
        <CheckboxField
          label="Also send by email to customers who opted in to marketing"
          hint="Each email carries a one-click unsubscribe link. Customers who did not opt in get no email."
          {...form.check("emailOptedIn")}
        />
      )}
      <Button type="submit" pending={create.isPending} className="self-end max-sm:w-full">
        {create.isPending ? "Sending..." : targeted ? "Send to User" : "Send Broadcast"}
      </Button>
    </form>
  );
}
