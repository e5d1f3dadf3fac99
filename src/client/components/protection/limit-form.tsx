import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef, useState, type FormEvent } from "react";
import { formatPrice } from "../../../shared/money";
import { setLimitsInput } from "../../../shared/schemas/protection";
import { shortDateTime } from "../../lib/dates";
import { focusFirstInvalid } from "../../lib/form-errors";
import { toast } from "../../lib/toast";
import { useTRPC } from "../../lib/trpc";
import { serverMessage } from "../../lib/trpc-errors";
import { Button } from "../ui/button";
import { TextField } from "../ui/text-field";

type Limits = { monthlyLimit: string | null; pendingIncrease: { monthlyLimit: string | null; effectiveAt: string } | null };

/** "£10.00", "10", "1,000" → "10.00"-style text, for PUT /user/limits's rules to judge. */
const normalise = (input: string): string => input.trim().replace(/^£/, "").replace(/,/g, "").trim();

function describe(result: Limits): string {
  if (result.pendingIncrease) {
    const when = shortDateTime(result.pendingIncrease.effectiveAt);
    return result.pendingIncrease.monthlyLimit === null
      ? `Your limit will be removed from ${when}.`
      : `Your new limit of ${formatPrice(result.pendingIncrease.monthlyLimit)} applies from ${when}.`;
  }
  return result.monthlyLimit === null ? "You have no monthly limit." : `Your monthly limit is now ${formatPrice(result.monthlyLimit)}.`;
}

/** Set a new monthly limit (£0 allowed) or remove it; the server decides when it applies. */
export function LimitForm({ hasLimit }: { hasLimit: boolean }) {
  const trpc = useTRPC();
  const formRef = useRef<HTMLFormElement>(null);
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | undefined>();
  const queryClient = useQueryClient();
  const save = useMutation(
    trpc.customer.protection.setLimits.mutationOptions({
      onSuccess: (result, input) => {
        queryClient.setQueryData(trpc.customer.protection.limits.queryKey(), result);
        setValue("");
        const requested = input.monthlyLimit === null ? "Limit removal requested" : "Limit increase requested";
        const title = result.pendingIncrease ? requested : "Spending limit updated";
        toast.success(title, describe(result));
      },
      onError: (err) => toast.error("Update Failed", serverMessage(err) ?? "We couldn't change your limit. Please try again."),
    }),
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const parsed = setLimitsInput.safeParse({ monthlyLimit: normalise(value) });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      focusFirstInvalid(formRef.current);
      return;
    }
    save.mutate(parsed.data);
  };

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <TextField
        label="New monthly limit (£)"
        name="monthlyLimit"
        inputMode="decimal"
        autoComplete="off"
        placeholder="e.g. 50.00"
        value={value}
        error={error}
        hint="Any amount in pounds, including £0 to stop all spending."
        onChange={(e) => {
          setValue(e.target.value);
          setError(undefined);
        }}
        className="max-w-sm"
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" pending={save.isPending && save.variables?.monthlyLimit !== null}>
          Set Limit
        </Button>
        {hasLimit ? (
          <Button variant="secondary" onClick={() => save.mutate({ monthlyLimit: null })} pending={save.isPending && save.variables?.monthlyLimit === null}>
            Remove limit
          </Button>
        ) : null}
      </div>
    </form>
  );
}
