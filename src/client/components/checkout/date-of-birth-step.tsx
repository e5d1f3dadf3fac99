import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { DATE_OF_BIRTH_WHY, dateOfBirthInput } from "../../../shared/schemas/account";
import { useFormFields } from "../../hooks/use-form-fields";
import { fieldErrorsFrom } from "../../lib/form-errors";
import { useTRPC } from "../../lib/trpc";
import { serverMessage } from "../../lib/trpc-errors";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { TextField } from "../ui/text-field";
import { PanelError } from "./panel-error";

/** Before the card form, for an account without a date of birth: add it once, then pay. */
export function DateOfBirthStep({ onDone }: { onDone: () => void }) {
  const trpc = useTRPC();
  const formRef = useRef<HTMLFormElement>(null);
  const { values, setErrors, field } = useFormFields({ dateOfBirth: "" });
  const [failed, setFailed] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const save = useMutation(
    trpc.customer.account.setDateOfBirth.mutationOptions({
      onSuccess: (user) => {
        queryClient.setQueryData(trpc.public.auth.session.queryKey(), user);
        onDone();
      },
      onError: (error) => setFailed(serverMessage(error) ?? "We couldn't save your date of birth. Please try again."),
    }),
  );

  useEffect(() => {
    formRef.current?.scrollIntoView({ block: "center" });
  }, []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    setFailed(null);
    const parsed = dateOfBirthInput.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrorsFrom(parsed.error));
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    save.mutate(parsed.data);
  };

  return (
    <Card>
      <form ref={formRef} onSubmit={onSubmit} noValidate aria-labelledby="date-of-birth-step" className="flex flex-col gap-4">
        <div>
          <h2 id="date-of-birth-step" className="text-xl font-bold">
            Your date of birth
          </h2>
          <p className="mt-1 text-stone-700">{DATE_OF_BIRTH_WHY} We only ask once.</p>
        </div>
        {failed ? <PanelError>{failed}</PanelError> : null}
        <TextField label="Date of Birth" type="date" autoComplete="bday" required className="sm:max-w-xs" {...field("dateOfBirth")} />
        <Button type="submit" size="lg" pending={save.isPending} className="sm:self-start">
          Continue to payment
        </Button>
      </form>
    </Card>
  );
}
