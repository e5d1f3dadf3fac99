import { useMutation } from "@tanstack/react-query";
import { useRef, type FormEvent } from "react";
import { loginInput, type AuthResult } from "../../../shared/schemas/auth";
import { useFormFields } from "../../hooks/use-form-fields";
import { fieldErrorsFrom, focusFirstInvalid } from "../../lib/form-errors";
import { toast } from "../../lib/toast";
import { REFRESH } from "../../lib/query-client";
import { useTRPC } from "../../lib/trpc";
import { serverMessage } from "../../lib/trpc-errors";

/**
 * The sign-in form's workings, for the /auth page and the checkout's panel alike: the shared
 * contract checked first, one request at a time, "Welcome back!" on success. `onFailed` gets the
 * server's words (or the spec's fallback); each form shows them its own way.
 */
export function useLoginForm(o: { email?: string; onSignedIn: (result: AuthResult) => void; onFailed: (message: string) => void; onSubmit?: () => void }) {
  const trpc = useTRPC();
  const formRef = useRef<HTMLFormElement>(null);
  const { values, setErrors, field } = useFormFields({ email: o.email ?? "", password: "" });
  const login = useMutation(
    trpc.public.auth.login.mutationOptions({
      meta: REFRESH.signedIn,
      onSuccess: (result) => {
        toast.success("Welcome back!", "You've been logged in successfully.");
        o.onSignedIn(result);
      },
      onError: (error) => o.onFailed(serverMessage(error) ?? "Please check your credentials and try again."),
    }),
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (login.isPending) return;
    o.onSubmit?.();
    const parsed = loginInput.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrorsFrom(parsed.error));
      focusFirstInvalid(formRef.current);
      return;
    }
    login.mutate(values);
  };

  return { formRef, field, onSubmit, pending: login.isPending };
}
