import { useRef, useState, type FormEvent } from "react";
import { loginInput } from "../../../shared/schemas/auth";
import { useFormFields } from "../../hooks/use-form-fields";
import { fieldErrorsFrom, focusFirstInvalid } from "../../lib/form-errors";
import { toast } from "../../lib/toast";
import { trpc } from "../../lib/trpc";
import { serverMessage } from "../../lib/trpc-errors";
import { Button } from "../ui/button";
import { TextField } from "../ui/text-field";
import { PanelError } from "./panel-error";
import { useKeepSession } from "../auth/use-signed-in";

/** Sign in without leaving the checkout: the same procedure and contract as the /auth page. */
export function CheckoutLoginForm({ email = "" }: { email?: string }) {
  const formRef = useRef<HTMLFormElement>(null);
  const { values, setErrors, field } = useFormFields({ email, password: "" });
  const [failed, setFailed] = useState<string | null>(null);
  const onSignedIn = useKeepSession();
  const login = trpc.public.auth.login.useMutation({
    onSuccess: (result) => {
      toast.success("Welcome back!", "You've been logged in successfully.");
      onSignedIn(result);
    },
    onError: (error) => setFailed(serverMessage(error) ?? "Please check your credentials and try again."),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (login.isPending) return;
    setFailed(null);
    const parsed = loginInput.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrorsFrom(parsed.error));
      focusFirstInvalid(formRef.current);
      return;
    }
    login.mutate(values);
  };

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Sign in to pay">
      {failed ? <PanelError>{failed}</PanelError> : null}
      <TextField label="Email Address" type="email" autoComplete="email" inputMode="email" required {...field("email")} />
      <TextField label="Password" type="password" autoComplete="current-password" required {...field("password")} />
      <Button type="submit" fullWidth size="lg" pending={login.isPending}>
        {login.isPending ? "Signing In..." : "Sign In"}
      </Button>
      {/* In a new tab, so the checkout (and what is typed in it) stays where it is. */}
      <a
        href="/auth/forgot"
        target="_blank"
        rel="noopener"
        className="inline-flex min-h-11 items-center self-center text-sm font-semibold text-field-700 underline underline-offset-4 hover:text-field-900"
      >
        Forgot your password?
      </a>
    </form>
  );
}
