import { useMutation } from "@tanstack/react-query";
import { useRef, useState, type FormEvent } from "react";
import { changePasswordInput } from "../../../shared/schemas/auth";
import { useFormFields } from "../../hooks/use-form-fields";
import { fieldErrorsFrom, focusFirstInvalid } from "../../lib/form-errors";
import { toast } from "../../lib/toast";
import { useTRPC } from "../../lib/trpc";
import { appErrorCode, serverMessage } from "../../lib/trpc-errors";
import { Button } from "../ui/button";
import { TextField } from "../ui/text-field";
import { SettingsSection } from "./settings-section";

export const CHANGE_PASSWORD_ID = "change-password";

const EMPTY = { currentPassword: "", newPassword: "", confirmPassword: "" };

/** Changes the password while signed in; the server keeps this device signed in and signs out every other one. */
export function ChangePasswordForm() {
  const trpc = useTRPC();
  const formRef = useRef<HTMLFormElement>(null);
  const { values, setValues, setErrors, field } = useFormFields(EMPTY);
  const [done, setDone] = useState(false);
  const change = useMutation(
    trpc.customer.account.changePassword.mutationOptions({
      onSuccess: () => {
        setValues(EMPTY);
        setDone(true);
        toast.success("Password changed", "Any other devices have been signed out.");
      },
      onError: (error) => {
        const code = appErrorCode(error);
        const message = serverMessage(error);
        if (code === "WRONG_PASSWORD") setErrors({ currentPassword: message ?? "Your current password is not right" });
        else if (code === "INVALID_INPUT") setErrors({ newPassword: message ?? "Please choose another password." });
        else return toast.error("Password not changed", message ?? "Please try again.");
        focusFirstInvalid(formRef.current);
      },
    }),
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (change.isPending) return;
    const parsed = changePasswordInput.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrorsFrom(parsed.error));
      focusFirstInvalid(formRef.current);
      return;
    }
    setDone(false);
    change.mutate(parsed.data);
  };

  return (
    <SettingsSection id={CHANGE_PASSWORD_ID} title="Change password" lead="You stay signed in here; every other device is signed out.">
      {done ? (
        <p role="status" className="mb-4 rounded-lg bg-field-50 p-3 text-field-900">
          Your password has been changed. Any other devices have been signed out.
        </p>
      ) : null}
      <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <TextField label="Current Password" type="password" autoComplete="current-password" required {...field("currentPassword")} />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label="New Password" type="password" autoComplete="new-password" required {...field("newPassword")} />
          <TextField label="Confirm New Password" type="password" autoComplete="new-password" required {...field("confirmPassword")} />
        </div>
        <div>
          <Button type="submit" variant="secondary" pending={change.isPending}>
            {change.isPending ? "Changing..." : "Change Password"}
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
