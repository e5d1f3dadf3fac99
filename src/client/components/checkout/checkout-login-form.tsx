import { useState } from "react";
import { Button } from "../ui/button";
import { TextField } from "../ui/text-field";
import { PanelError } from "./panel-error";
import { useLoginForm } from "../auth/use-login-form";
import { useKeepSession } from "../auth/use-signed-in";

/** Sign in without leaving the checkout: the same procedure and contract as the /auth page. */
export function CheckoutLoginForm({ email = "" }: { email?: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  const { formRef, field, onSubmit, pending } = useLoginForm({ email, onSignedIn: useKeepSession(), onFailed: setFailed, onSubmit: () => setFailed(null) });

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Sign in to pay">
      {failed ? <PanelError>{failed}</PanelError> : null}
      <TextField label="Email Address" type="email" autoComplete="email" inputMode="email" required {...field("email")} />
      <TextField label="Password" type="password" autoComplete="current-password" required {...field("password")} />
      <Button type="submit" fullWidth size="lg" pending={pending}>
        {pending ? "Signing In..." : "Sign In"}
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
