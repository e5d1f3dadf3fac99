import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState, type FormEvent } from "react";
import type { AuthUser } from "../../../shared/schemas/auth";
import type { CustomerClaim } from "../../../shared/schemas/claims";
import { focusFirstInvalid } from "../../lib/form-errors";
import { toast } from "../../lib/toast";
import { useTRPC } from "../../lib/trpc";
import { appErrorCode, serverMessage } from "../../lib/trpc-errors";
import { CheckboxField } from "../auth/checkbox-field";
import { PanelError } from "../checkout/panel-error";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { TextField } from "../ui/text-field";
import { ClaimAddressFields } from "./claim-address-fields";
import { ClaimChoiceField } from "./claim-choice-field";
import { ClaimEmailNotice } from "./claim-email-notice";
import { ClaimPublicityField } from "./claim-publicity-field";
import { useClaimForm, validateClaim } from "./claim-form-state";

interface ClaimFormProps {
  claim: CustomerClaim;
  user: AuthUser;
  /** The claim went through: the page shows where it stands now. */
  onClaimed: (claim: CustomerClaim) => void;
  /** The server says the claim is no longer open (expired, or claimed already): the page reloads it and says why. */
  onClosed: (message: string) => void;
}

const today = () => new Date().toISOString().slice(0, 10);

/** The winner confirms who they are, chooses, and says where to send it (POST /user/claims/{id}). */
export function ClaimForm({ claim, user, onClaimed, onClosed }: ClaimFormProps) {
  const trpc = useTRPC();
  const formRef = useRef<HTMLFormElement>(null);
  const termsErrorId = useId();
  // Set before the request leaves, so a double click cannot send the claim twice.
  const sending = useRef(false);
  const form = useClaimForm(user);
  const [failed, setFailed] = useState<string | null>(null);
  const [emailProblem, setEmailProblem] = useState<string | null>(null);
  const queryClient = useQueryClient();

  const submit = useMutation(
    trpc.customer.claims.submit.mutationOptions({
      // A refusal may mean the email was confirmed elsewhere or the claim moved on: both refresh.
      meta: { refreshesOnError: ["public.auth.session", "customer.claims"] },
      onSuccess: (claimed) => {
        queryClient.setQueryData(trpc.customer.claims.get.queryKey({ id: claimed.id }), claimed);
        toast.success("Claim received", "Thank you. We'll be in touch to arrange your prize.");
        onClaimed(claimed);
      },
      onError: (error) => {
        const message = serverMessage(error);
        switch (appErrorCode(error)) {
          case "DATE_OF_BIRTH_MISMATCH":
          case "UNDER_18":
            form.setErrors((prev) => ({ ...prev, dateOfBirth: message ?? "That date of birth doesn't match the one on your account." }));
            focusFirstInvalid(formRef.current);
            return;
          case "EMAIL_NOT_VERIFIED":
            setEmailProblem(message ?? "Please confirm your email address before claiming your prize.");
            return;
          case "CLAIM_EXPIRED":
          case "INVALID_STATE":
            onClosed(message ?? "This claim can no longer be changed.");
            return;
          default:
            setFailed(message ?? "We couldn't send your claim. Please try again.");
        }
      },
      onSettled: () => {
        sending.current = false;
      },
    }),
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (sending.current) return;
    setFailed(null);
    const checked = validateClaim(form.values);
    if (!checked.ok) {
      form.setErrors(checked.errors);
      focusFirstInvalid(formRef.current);
      return;
    }
    sending.current = true;
    submit.mutate({ id: claim.id, ...checked.input });
  };

  const unverified = !user.emailVerified || emailProblem !== null;
  const terms = form.values.acceptTerms;
  return (
    <Card>
      <h2 className="font-sans text-xl font-bold text-field-900">Your details</h2>
      <p className="mt-1 text-stone-700">It takes a couple of minutes. We'll use these details only to confirm it's you and to get your prize to you.</p>
      <form ref={formRef} onSubmit={onSubmit} noValidate aria-label="Claim your prize" className="mt-6 flex flex-col gap-6">
        {unverified ? <ClaimEmailNotice email={user.email} message={emailProblem} /> : null}
        <TextField
          label="Confirm your date of birth"
          type="date"
          autoComplete="bday"
          required
          max={today()}
          className="sm:max-w-xs"
          hint={
            user.dateOfBirth
              ? "It must match the date of birth on your account: it shows us the prize is going to the account holder, and prizes are only for winners aged 18 or over."
              : "We'll add it to your account: prizes are only for winners aged 18 or over. It can't be changed afterwards."
          }
          {...form.text("dateOfBirth")}
        />
        {claim.cashAlternative ? (
          <ClaimChoiceField cashAlternative={claim.cashAlternative} value={form.values.choice} onChange={(choice) => form.set("choice", choice)} />
        ) : null}
        <TextField
          label="Phone number"
          type="tel"
          autoComplete="tel"
          required
          className="sm:max-w-xs"
          hint="So we can call you about your prize."
          {...form.text("phone")}
        />
        <ClaimAddressFields form={form} forDelivery={form.values.choice === "prize"} />
        <ClaimPublicityField
          publishName={form.values.publishName}
          publishPhoto={form.values.publishPhoto}
          onChange={(field, allowed) => form.set(field, allowed)}
        />
        <div className="flex flex-col gap-1">
          <CheckboxField
            name="acceptTerms"
            checked={terms}
            aria-invalid={form.errors.acceptTerms ? true : undefined}
            aria-describedby={form.errors.acceptTerms ? termsErrorId : undefined}
            onChange={(event) => form.set("acceptTerms", event.target.checked)}
            label={
              <>
                I confirm I am 18 or over, that the details above are mine, and I accept the{" "}
                <a href="/terms#claiming" target="_blank" rel="noreferrer" className="font-semibold text-field-800 underline underline-offset-2">
                  claim terms
                </a>
              </>
            }
          />
          {form.errors.acceptTerms ? (
            <p id={termsErrorId} className="pl-8 text-sm font-medium text-danger-700">
              {form.errors.acceptTerms}
            </p>
          ) : null}
        </div>
        {failed ? <PanelError>{failed}</PanelError> : null}
        <Button type="submit" size="lg" pending={submit.isPending} className="sm:self-start">
          {submit.isPending ? "Sending your claim..." : "Claim my prize"}
        </Button>
      </form>
    </Card>
  );
}
