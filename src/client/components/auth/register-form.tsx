import { useMutation } from "@tanstack/react-query";
import { useRef, useState, type FormEvent } from "react";
import { Link } from "react-router-dom";
import { DATE_OF_BIRTH_WHY } from "../../../shared/schemas/account";
import { useFormFields } from "../../hooks/use-form-fields";
import { fieldErrorsFrom, focusFirstInvalid } from "../../lib/form-errors";
import { authHref } from "../../lib/safe-next";
import { toast } from "../../lib/toast";
import { REFRESH } from "../../lib/query-client";
import { useTRPC } from "../../lib/trpc";
import { serverMessage } from "../../lib/trpc-errors";
import { Button } from "../ui/button";
import { TextField } from "../ui/text-field";
import { CheckboxField } from "./checkbox-field";
import { CountryOptions, COUNTRY_LIST_ID } from "./country-options";
import { registerFormInput } from "./register-form-schema";
import { useNextPath, useSignedIn } from "./use-signed-in";

const initial = {
  firstName: "",
  lastName: "",
  email: "",
  password: "",
  confirmPassword: "",
  phone: "",
  dateOfBirth: "",
  address: "",
  city: "",
  postcode: "",
  country: "United Kingdom",
};

export function RegisterForm() {
  const trpc = useTRPC();
  const formRef = useRef<HTMLFormElement>(null);
  const { values, setErrors, field } = useFormFields(initial);
  // Marketing mail only with an explicit opt-in: the box starts unticked.
  const [marketingEmail, setMarketingEmail] = useState(false);
  const onSignedIn = useSignedIn();
  const next = useNextPath();
  const register = useMutation(
    trpc.public.auth.register.mutationOptions({
      meta: REFRESH.signedIn,
      onSuccess: (result) => {
        toast.success("Registration Successful!", "Your account has been created. You can now enter competitions!");
        onSignedIn(result);
      },
      onError: (error) => {
        toast.error("Registration Failed", serverMessage(error) ?? "Please check your details and try again.");
      },
    }),
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (register.isPending) return;
    const parsed = registerFormInput.safeParse({ ...values, marketingEmail });
    if (!parsed.success) {
      setErrors(fieldErrorsFrom(parsed.error));
      focusFirstInvalid(formRef.current);
      return;
    }
    register.mutate({ ...values, marketingEmail });
  };

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="First Name" autoComplete="given-name" required {...field("firstName")} />
        <TextField label="Last Name" autoComplete="family-name" required {...field("lastName")} />
      </div>
      <TextField label="Email Address" type="email" autoComplete="email" inputMode="email" required {...field("email")} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Password" type="password" autoComplete="new-password" required hint="At least 6 characters." {...field("password")} />
        <TextField label="Confirm Password" type="password" autoComplete="new-password" required {...field("confirmPassword")} />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Phone" type="tel" autoComplete="tel" optional {...field("phone")} />
        <TextField
          label="Date of Birth"
          type="date"
          autoComplete="bday"
          required
          max={new Date().toISOString().slice(0, 10)}
          {...field("dateOfBirth")}
          hint={DATE_OF_BIRTH_WHY}
          // The reason stays in sight when the field is refused, too.
          error={field("dateOfBirth").error ? `${field("dateOfBirth").error}. ${DATE_OF_BIRTH_WHY}` : undefined}
        />
      </div>
      <TextField label="Address" autoComplete="street-address" optional {...field("address")} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="City" autoComplete="address-level2" optional {...field("city")} />
        <TextField label="Postcode" autoComplete="postal-code" optional {...field("postcode")} />
      </div>
      <TextField label="Country" autoComplete="country-name" list={COUNTRY_LIST_ID} {...field("country")} />
      <CountryOptions />
      <CheckboxField
        label="Email me about new competitions and offers. You can unsubscribe at any time."
        checked={marketingEmail}
        onChange={(event) => setMarketingEmail(event.target.checked)}
      />
      <Button type="submit" fullWidth size="lg" pending={register.isPending}>
        {register.isPending ? "Creating Account..." : "Create Account"}
      </Button>
      <p className="text-center text-sm text-stone-700">
        Already have an account?{" "}
        <Link to={authHref("login", next)} replace className="font-semibold text-field-700 underline underline-offset-4">
          Sign in
        </Link>
      </p>
    </form>
  );
}
