import { useMutation } from "@tanstack/react-query";
import { useRef, useState, type FormEvent } from "react";
import { changeEmailInput } from "../../../shared/schemas/account";
import { useFormFields } from "../../hooks/use-form-fields";
import { fieldErrorsFrom, focusFirstInvalid } from "../../lib/form-errors";
import { toast } from "../../lib/toast";
import { useTRPC } from "../../lib/trpc";
import { appErrorCode, serverMessage } from "../../lib/trpc-errors";
import { Button } from "../ui/button";
import { TextField } from "../ui/text-field";
import { SettingsSection } from "./settings-section";

export const CHANGE_EMAIL_ID = "change-email";

/** Asks for a new address; it takes over only when the link mailed to it is used. */
export function ChangeEmailForm({ currentEmail }: { currentEmail: string }) {
  const trpc = useTRPC();
  const formRef = useRef<HTMLFormElement>(null);
  const { values, setValues, setErrors, field } = useFormFields({ newEmail: "", password: "" });
  const [pending, setPending] = useState<string | null>(null);
  const change = useMutation(
    trpc.customer.account.changeEmail.mutationOptions({
      onSuccess: (result) => {
        setPending(result.pendingEmail);
        setValues({ newEmail: "", password: "" });
      },
      onError: (error) => {
        const code = appErrorCode(error);
        const message = serverMessage(error);
        if (code === "WRONG_PASSWORD") setErrors({ password: message ?? "That password is not right." });
        else if (code === "EMAIL_TAKEN" || code === "INVALID_INPUT") setErrors({ newEmail: message ?? "Please use another address." });
        else return toast.error("Email not changed", message ?? "Please try again.");
        focusFirstInvalid(formRef.current);
      },
    }),
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (change.isPending) return;
    const parsed = changeEmailInput.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrorsFrom(parsed.error));
      focusFirstInvalid(formRef.current);
      return;
    }
    setPending(null);
    change.mutate(parsed.data);
  };

  return (
    <SettingsSection
      id={CHANGE_EMAIL_ID}
      title="Change email address"
      lead={`You sign in with ${currentEmail}. We'll send a link to the new address to check it's yours.`}
    >
      {pending ? (
        <p role="status" className="mb-4 rounded-lg bg-field-50 p-3 text-field-900">
          We've sent a link to <strong className="break-all">{pending}</strong>. Your email address changes only when you use it (within 24 hours).
        </p>
      ) : null}
      <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label="New Email Address" type="email" autoComplete="email" inputMode="email" required {...field("newEmail")} />
          <TextField label="Current Password" type="password" autoComplete="current-password" required {...field("password")} />
        </div>
        <div>
          <Button type="submit" variant="secondary" pending={change.isPending}>
            {change.isPending ? "Sending..." : "Change Email"}
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
