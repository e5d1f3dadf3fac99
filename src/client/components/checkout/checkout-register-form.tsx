import { useMutation } from "@tanstack/react-query";
import { useRef, useState, type FormEvent } from "react";
import { z } from "zod";
import { DATE_OF_BIRTH_WHY, dateOfBirthInput } from "../../../shared/schemas/account";
import { registerInput } from "../../../shared/schemas/auth";
import { useFormFields } from "../../hooks/use-form-fields";
import { fieldErrorsFrom, focusFirstInvalid } from "../../lib/form-errors";
import { toast } from "../../lib/toast";
import { REFRESH } from "../../lib/query-client";
import { useTRPC } from "../../lib/trpc";
import { appErrorCode, serverMessage } from "../../lib/trpc-errors";
import { Button } from "../ui/button";
import { TextField } from "../ui/text-field";
import { PanelError } from "./panel-error";
import { useKeepSession } from "../auth/use-signed-in";

/**
 * The register contract, with the date of birth required: this account is made to pay, and paying
 * needs it (only adults may enter), so asking now saves a step later.
 */
const checkoutRegisterInput = registerInput.safeExtend({
  dateOfBirth: z.string({ error: "Please enter your date of birth" }).trim().min(1, "Please enter your date of birth").pipe(dateOfBirthInput.shape.dateOfBirth),
});

const INITIAL = { email: "", password: "", confirmPassword: "", firstName: "", lastName: "", dateOfBirth: "" };

interface Refused {
  message: string;
  emailTaken: boolean;
}

/** Create an account without leaving the checkout; an address already registered offers the sign-in tab. */
export function CheckoutRegisterForm({ onSignInInstead }: { onSignInInstead: (email: string) => void }) {
  const trpc = useTRPC();
  const formRef = useRef<HTMLFormElement>(null);
  const { values, setErrors, field } = useFormFields(INITIAL);
  const [marketingEmail, setMarketingEmail] = useState(false);
  const [refused, setRefused] = useState<Refused | null>(null);
  const onSignedIn = useKeepSession();
  const register = useMutation(
    trpc.public.auth.register.mutationOptions({
      meta: REFRESH.signedIn,
      onSuccess: (result) => {
        toast.success("Registration Successful!", "Your account has been created. We've emailed you a link to confirm your address.");
        onSignedIn(result);
      },
      onError: (error) =>
        setRefused({ message: serverMessage(error) ?? "Please check your details and try again.", emailTaken: appErrorCode(error) === "EMAIL_TAKEN" }),
    }),
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (register.isPending) return;
    setRefused(null);
    const input = { ...values, marketingEmail };
    const parsed = checkoutRegisterInput.safeParse(input);
    if (!parsed.success) {
      setErrors(fieldErrorsFrom(parsed.error));
      focusFirstInvalid(formRef.current);
      return;
    }
    register.mutate(input);
  };

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Create an account to pay">
      {refused ? (
        <PanelError>
          <span>{refused.message}</span>
          {refused.emailTaken ? (
            <Button variant="secondary" size="sm" onClick={() => onSignInInstead(values.email)}>
              Sign in instead
            </Button>
          ) : null}
        </PanelError>
      ) : null}
      <TextField label="Email Address" type="email" autoComplete="email" inputMode="email" required {...field("email")} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Password" type="password" autoComplete="new-password" required hint="At least 6 characters." {...field("password")} />
        <TextField label="Confirm Password" type="password" autoComplete="new-password" required {...field("confirmPassword")} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First Name" autoComplete="given-name" required {...field("firstName")} />
        <TextField label="Last Name" autoComplete="family-name" required {...field("lastName")} />
      </div>
      <TextField label="Date of Birth" type="date" autoComplete="bday" required hint={DATE_OF_BIRTH_WHY} {...field("dateOfBirth")} />
      <label className="flex min-h-11 cursor-pointer items-start gap-3 py-1 text-sm text-stone-800">
        <input
          type="checkbox"
          name="marketingEmail"
          className="mt-0.5 size-5 shrink-0 accent-field-700"
          checked={marketingEmail}
          onChange={(e) => setMarketingEmail(e.target.checked)}
        />
        <span>Email me about new competitions and offers. You can unsubscribe at any time.</span>
      </label>
      <Button type="submit" fullWidth size="lg" pending={register.isPending}>
        {register.isPending ? "Creating Account..." : "Create Account"}
      </Button>
      <p className="text-center text-xs text-stone-600">
        By creating an account you agree to our{" "}
        <a href="/terms" target="_blank" rel="noopener" className="font-semibold underline underline-offset-2">
          terms
        </a>{" "}
        and{" "}
        <a href="/privacy" target="_blank" rel="noopener" className="font-semibold underline underline-offset-2">
          privacy policy
        </a>
        .
      </p>
    </form>
  );
}
