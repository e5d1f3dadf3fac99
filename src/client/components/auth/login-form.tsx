import { useRef, type FormEvent } from "react";
import { Link } from "react-router-dom";
import { loginInput } from "../../../shared/schemas/auth";
import { useFormFields } from "../../hooks/use-form-fields";
import { fieldErrorsFrom, focusFirstInvalid } from "../../lib/form-errors";
import { authHref } from "../../lib/safe-next";
import { toast } from "../../lib/toast";
import { trpc } from "../../lib/trpc";
import { serverMessage } from "../../lib/trpc-errors";
import { Button } from "../ui/button";
import { TextField } from "../ui/text-field";
import { useNextPath, useSignedIn } from "./use-signed-in";

export function LoginForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const { values, setErrors, field } = useFormFields({ email: "", password: "" });
  const onSignedIn = useSignedIn();
  const next = useNextPath();
  const login = trpc.public.auth.login.useMutation({
    onSuccess: (result) => {
      toast.success("Welcome back!", "You've been logged in successfully.");
      onSignedIn(result);
    },
    onError: (error) => {
      toast.error("Login Failed", serverMessage(error) ?? "Please check your credentials and try again.");
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (login.isPending) return;
    const parsed = loginInput.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrorsFrom(parsed.error));
      focusFirstInvalid(formRef.current);
      return;
    }
    login.mutate(values);
  };

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <TextField label="Email Address" type="email" autoComplete="email" inputMode="email" required {...field("email")} />
      <TextField label="Password" type="password" autoComplete="current-password" required {...field("password")} />
      <p className="-mt-2 text-right text-sm">
        <Link to="/auth/forgot" className="inline-flex min-h-11 items-center font-semibold text-field-700 underline underline-offset-4 hover:text-field-900">
          Forgot your password?
        </Link>
      </p>
      <Button type="submit" fullWidth size="lg" pending={login.isPending}>
        {login.isPending ? "Signing In..." : "Sign In"}
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
