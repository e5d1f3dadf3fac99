import { Link } from "react-router-dom";
import { authHref } from "../../lib/safe-next";
import { toast } from "../../lib/toast";
import { Button } from "../ui/button";
import { TextField } from "../ui/text-field";
import { useLoginForm } from "./use-login-form";
import { useNextPath, useSignedIn } from "./use-signed-in";

export function LoginForm() {
  const next = useNextPath();
  const { formRef, field, onSubmit, pending } = useLoginForm({
    onSignedIn: useSignedIn(),
    onFailed: (message) => toast.error("Login Failed", message),
  });

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <TextField label="Email Address" type="email" autoComplete="email" inputMode="email" required {...field("email")} />
      <TextField label="Password" type="password" autoComplete="current-password" required {...field("password")} />
      <p className="-mt-2 text-right text-sm">
        <Link to="/auth/forgot" className="inline-flex min-h-11 items-center font-semibold text-field-700 underline underline-offset-4 hover:text-field-900">
          Forgot your password?
        </Link>
      </p>
      <Button type="submit" fullWidth size="lg" pending={pending}>
        {pending ? "Signing In..." : "Sign In"}
      </Button>
      <p className="text-center text-sm text-stone-700">
        New to Harvest Draws?{" "}
        <Link to={authHref("register", next)} replace className="font-semibold text-field-700 underline underline-offset-4">
          Create an account
        </Link>
      </p>
    </form>
  );
}
