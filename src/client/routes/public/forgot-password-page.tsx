import { useMutation } from "@tanstack/react-query";
import { useRef, useState, type FormEvent } from "react";
import { Link } from "react-router-dom";
import { forgotPasswordInput } from "../../../shared/schemas/account";
import { AuthScreen, inlineLink, Outcome } from "../../components/auth/auth-screen";
import { Button } from "../../components/ui/button";
import { TextField } from "../../components/ui/text-field";
import { useFormFields } from "../../hooks/use-form-fields";
import { fieldErrorsFrom, focusFirstInvalid } from "../../lib/form-errors";
import { toast } from "../../lib/toast";
import { useTRPC } from "../../lib/trpc";
import { appErrorCode, serverMessage } from "../../lib/trpc-errors";

export const FORGOT_SENT = "If an account uses that address, we've emailed a link to reset the password. It works for 60 minutes.";

/** /auth/forgot: asks for a reset link. The answer is the same whether or not the address has an account. */
export function ForgotPasswordPage() {
  const trpc = useTRPC();
  const formRef = useRef<HTMLFormElement>(null);
  const { values, setErrors, field } = useFormFields({ email: "" });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const forgot = useMutation(
    trpc.public.auth.forgotPassword.mutationOptions({
      onSuccess: (_result, input) => setSentTo(input.email),
      onError: (error) => {
        if (appErrorCode(error) === "RATE_LIMITED") setRefusal(serverMessage(error) ?? "Too many requests. Please try again later.");
        else toast.error("Something went wrong", serverMessage(error) ?? "Please try again.");
      },
    }),
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (forgot.isPending) return;
    setRefusal(null);
    const parsed = forgotPasswordInput.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrorsFrom(parsed.error));
      focusFirstInvalid(formRef.current);
      return;
    }
    forgot.mutate(parsed.data);
  };

  return (
    <AuthScreen
      title="Forgot Password"
      heading="Forgot your password?"
      lead="Enter the email address you signed up with and we'll send you a link to choose a new one."
    >
      {sentTo ? (
        <Outcome tone="success" title="Check your email">
          <p className="text-stone-700">{FORGOT_SENT}</p>
          <p className="text-sm text-stone-600">
            Nothing arrived? Check your spam folder, or{" "}
            <button type="button" className={inlineLink} onClick={() => setSentTo(null)}>
              try another address
            </button>
            .
          </p>
        </Outcome>
      ) : (
        <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
          <TextField label="Email Address" type="email" autoComplete="email" inputMode="email" required {...field("email")} />
          {refusal ? (
            <p role="alert" className="rounded-lg bg-danger-50 p-3 text-sm font-medium text-danger-700">
              {refusal}
            </p>
          ) : null}
          <Button type="submit" fullWidth size="lg" pending={forgot.isPending}>
            {forgot.isPending ? "Sending..." : "Send Reset Link"}
          </Button>
        </form>
      )}
      <p className="mt-6 text-center text-sm text-stone-700">
        Remembered it?{" "}
        <Link to="/auth?mode=login" className={inlineLink}>
          Back to sign in
        </Link>
      </p>
    </AuthScreen>
  );
}
