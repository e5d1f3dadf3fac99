import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef, type FormEvent } from "react";
import { Link, useNavigate } from "react-router-dom";
import { profileInput, type AuthUser } from "../../../shared/schemas/auth";
import { useFormFields } from "../../hooks/use-form-fields";
import { fieldErrorsFrom, focusFirstInvalid } from "../../lib/form-errors";
import { takeReturnPath } from "../../lib/refusal-toast";
import { toast } from "../../lib/toast";
import { useTRPC } from "../../lib/trpc";
import { CountryOptions, COUNTRY_LIST_ID } from "../auth/country-options";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { TextField } from "../ui/text-field";
import { CHANGE_EMAIL_ID } from "./change-email-form";

function initialValues(user: AuthUser) {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone ?? "",
    dateOfBirth: user.dateOfBirth ?? "",
    postcode: user.postcode ?? "",
    address: user.address ?? "",
    city: user.city ?? "",
    country: user.country || "United Kingdom",
  };
}

export function ProfileForm({ user }: { user: AuthUser }) {
  const trpc = useTRPC();
  const formRef = useRef<HTMLFormElement>(null);
  const { values, setErrors, field } = useFormFields(initialValues(user));
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const update = useMutation(
    trpc.customer.account.updateProfile.mutationOptions({
      onSuccess: (updated) => {
        queryClient.setQueryData(trpc.public.auth.session.queryKey(), updated);
        // Sent here by a checkout that needed the date of birth: go back to finish paying.
        const back = updated.dateOfBirth ? takeReturnPath() : null;
        toast.success("Profile Updated", back ? "Your details have been saved. You can now finish your entry." : "Your details have been saved.");
        if (back) navigate(back);
      },
      onError: (error) =>
        toast.error("Update Failed", error.data?.appCode === "DATE_OF_BIRTH_LOCKED" ? error.message : "Failed to update profile. Please try again."),
    }),
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    const parsed = profileInput.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrorsFrom(parsed.error));
      focusFirstInvalid(formRef.current);
      return;
    }
    update.mutate(values);
  };

  return (
    <Card className="max-w-3xl">
      <h2 className="font-sans text-xl font-bold text-field-900">Profile</h2>
      <p className="mt-1 text-stone-700">Keep your details up to date so we can reach you if you win.</p>
      <form ref={formRef} onSubmit={onSubmit} noValidate className="mt-6 flex flex-col gap-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label="First Name" autoComplete="given-name" required {...field("firstName")} />
          <TextField label="Last Name" autoComplete="family-name" required {...field("lastName")} />
        </div>
        <TextField
          label="Email Address"
          type="email"
          value={user.email}
          readOnly
          hint={
            <>
              To use another address, use{" "}
              <a href={`#${CHANGE_EMAIL_ID}`} className="font-medium underline">
                Change email address
              </a>{" "}
              below.
            </>
          }
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label="Phone" type="tel" autoComplete="tel" {...field("phone")} />
          {user.dateOfBirth ? (
            // Set once by the customer; only our team can correct it (it decides who may enter).
            <TextField
              label="Date of Birth"
              type="date"
              value={user.dateOfBirth}
              readOnly
              hint={
                <>
                  Your date of birth can't be changed here. If it is wrong, please{" "}
                  <Link to="/contact" className="font-medium underline">
                    contact us
                  </Link>
                  .
                </>
              }
            />
          ) : (
            <TextField
              label="Date of Birth"
              type="date"
              autoComplete="bday"
              max={new Date().toISOString().slice(0, 10)}
              hint="Needed before your first entry: you must be 18 or over to enter. It can't be changed afterwards."
              {...field("dateOfBirth")}
            />
          )}
        </div>
        <TextField label="Address" autoComplete="street-address" {...field("address")} />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label="City" autoComplete="address-level2" {...field("city")} />
          <TextField label="Postcode" autoComplete="postal-code" {...field("postcode")} />
        </div>
        <TextField label="Country" autoComplete="country-name" list={COUNTRY_LIST_ID} className="sm:max-w-[calc(50%-0.625rem)]" {...field("country")} />
        <CountryOptions />
        <div>
          <Button type="submit" pending={update.isPending}>
            {update.isPending ? "Updating..." : "Update Profile"}
          </Button>
        </div>
      </form>
    </Card>
  );
}
