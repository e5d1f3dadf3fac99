import { useRef, type FormEvent } from "react";
import { notificationInput, type Notification } from "../../../../shared/schemas/notification";
import { toast } from "../../../lib/toast";
import { trpc } from "../../../lib/trpc";
import { Button } from "../../ui/button";
import { TextField } from "../../ui/text-field";
import { failureToast } from "../ui/admin-toasts";
import { SelectField } from "../ui/select-field";
import { TextAreaField } from "../ui/text-area-field";
import { useEditorForm } from "../ui/use-editor-form";
import { PRIORITY_OPTIONS, TYPE_OPTIONS } from "./notification-options";

interface Values {
  title: string;
  message: string;
  type: Notification["type"];
  priority: Notification["priority"];
  userId: string;
}

const EMPTY: Values = { title: "", message: "", type: "info", priority: "normal", userId: "" };

/** Broadcast to everyone, or (targeted) to one user id. */
export function NotificationForm({ targeted }: { targeted: boolean }) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useEditorForm(EMPTY);
  const utils = trpc.useUtils();
  const create = trpc.admin.reports.createNotification.useMutation({
    onSuccess: (sent) => {
      toast.success(sent.userId ? "Notification sent" : "Notification broadcast", sent.title);
      void utils.admin.notifications.invalidate();
      void utils.customer.notifications.invalidate();
      form.reset(EMPTY);
    },
    onError: (error) => failureToast("Failed to create notification", error),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const input = { ...form.values, userId: targeted ? form.values.userId : null };
    const missingTarget = targeted && !form.values.userId.trim();
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
      {targeted ? <TextField label="Target User ID" required hint="The customer's user id; only they will see it." {...form.text("userId")} /> : null}
      <TextField label="Title" required {...form.text("title")} />
      <TextAreaField label="Message" required rows={4} {...form.text("message")} />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField label="Type" options={TYPE_OPTIONS} {...form.text("type")} />
        <SelectField label="Priority" options={PRIORITY_OPTIONS} {...form.text("priority")} />
      </div>
      <Button type="submit" pending={create.isPending} className="self-end max-sm:w-full">
        {create.isPending ? "Sending..." : targeted ? "Send to User" : "Send Broadcast"}
      </Button>
    </form>
  );
}
