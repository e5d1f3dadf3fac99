import { useMutation } from "@tanstack/react-query";
import { useRef, useState, type FormEvent } from "react";
import { useNavigate, useSearchParams } from "react-router-dom";
import { RESET_LINK_INVALID, resetPasswordInput } from "../../../shared/schemas/account";
import { AuthScreen, Outcome } from "../../components/auth/auth-screen";
import { useKeepSession } from "../../components/auth/use-signed-in";
import { Button, ButtonLink } from "../../components/ui/button";
import { TextField } from "../../components/ui/text-field";
import { useFormFields } from "../../hooks/use-form-fields";
import { fieldErrorsFrom, focusFirstInvalid } from "../../lib/form-errors";
import { toast } from "../../lib/toast";
import { REFRESH } from "../../lib/query-client";
import { useTRPC } from "../../lib/trpc";
import { appErrorCode, serverMessage } from "../../lib/trpc-errors";

function LinkExpired() {
  return (
    <Outcome tone="problem" title="Link expired">
      <p className="text-stone-700">{RESET_LINK_INVALID}</p>
      <p className="text-stone-700">Reset links work once, for 60 minutes. Ask for a new one and use the newest email we send.</p>
      <ButtonLink to="/auth/forgot" fullWidth>
        Send me a new link
      </ButtonLink>
    </Outcome>
  );
}

/** /auth/reset?token=…: choose a new password from a mailed link; success signs in (every other device is signed out). */
export function ResetPasswordPage() {
  const trpc = useTRPC();
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  const formRef = useRef<HTMLFormElement>(null);
  const { values, setErrors, field } = useFormFields({ password: "", confirmPassword: "" });
  const [expired, setExpired] = useState(token === "");
  const keepSession = useKeepSession();
  const navigate = useNavigate();
  const reset = useMutation(
    trpc.public.auth.resetPassword.mutationOptions({
      meta: REFRESH.signedIn,
      onSuccess: (result) => {
        keepSession(result);
        toast.success("Password changed", "You're signed in. Any other devices have been signed out.");
        navigate("/account", { replace: true });
      },
      onError: (error) => {
        if (appErrorCode(error) === "LINK_EXPIRED") setExpired(true);
        else toast.error("Password not changed", serverMessage(error) ?? "Please try again.");
      },
    }),
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (reset.isPending) return;
    const parsed = resetPasswordInput.safeParse({ token, ...values });
    if (!parsed.success) {
      const errors = fieldErrorsFrom<"token" | "password" | "confirmPassword">(parsed.error);
      if (errors.token) return setExpired(true);
      setErrors(errors);
      focusFirstInvalid(formRef.current);
      return;
    }
    reset.mutate({ token, ...values });
  };

  return (
    <AuthScreen title="Choose a New Password" heading="Choose a new password">
      {expired ? (
        <LinkExpired />
      ) : (
        <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
          <TextField label="New Password" type="password" autoComplete="new-password" required hint="At least 6 characters." {...field("password")} />
          <TextField label="Confirm New Password" type="password" autoComplete="new-password" required {...field("confirmPassword")} />
          <Button type="submit" fullWidth size="lg" pending={reset.isPending}>
            {reset.isPending ? "Saving..." : "Set New Password"}
          </Button>
        </form>
      )}
    </AuthScreen>
  );
}
