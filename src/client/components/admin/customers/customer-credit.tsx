import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef, type FormEvent } from "react";
import { decimalToPence, formatPounds } from "../../../../shared/money";
import { goodwillCreditInput } from "../../../../shared/schemas/wallet";
import { shortDateTime } from "../../../lib/dates";
import { focusFirstInvalid } from "../../../lib/form-errors";
import { toast } from "../../../lib/toast";
import { useTRPC } from "../../../lib/trpc";
import { Button } from "../../ui/button";
import { TextField } from "../../ui/text-field";
import { failureToast } from "../ui/admin-toasts";
import { useEditorForm } from "../ui/use-editor-form";
import { Nothing, RecordSection } from "./section";

const KIND_LABEL = {
  prize: "Instant win",
  spend: "Spent",
  refund: "Refunded",
  goodwill: "Goodwill",
  expiry: "Expired",
  reversal: "Prize taken back",
  owed: "Prize already spent: owed",
  referral: "Referral reward",
} as const;

/** "+£5.00" / "−£2.50" (a true minus sign, as on receipts). */
function signed(amount: string): string {
  const pence = decimalToPence(amount.replace("-", "")) ?? 0;
  return `${amount.startsWith("-") ? "−" : "+"}${formatPounds(pence)}`;
}

/** The customer's site credit (the sum of its ledger) and the goodwill credit staff may add, with the reason (audited). */
export function CustomerCredit({ customerId }: { customerId: string }) {
  const trpc = useTRPC();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useEditorForm({ amount: "", reason: "" });
  const wallet = useQuery(trpc.admin.customers.wallet.queryOptions({ id: customerId }));
  const queryClient = useQueryClient();
  const add = useMutation(
    trpc.admin.customers.addCredit.mutationOptions({
      onSuccess: (next) => {
        toast.success("Credit added", `The balance is now £${next.balance}.`);
        form.reset({ amount: "", reason: "" });
        queryClient.setQueryData(trpc.admin.customers.wallet.queryKey({ id: customerId }), next);
      },
      onError: (error) => failureToast("Failed to add the credit", error),
    }),
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (add.isPending) return;
    const parsed = goodwillCreditInput.safeParse({ id: customerId, ...form.values });
    if (!parsed.success) {
      form.showZodErrors(parsed.error);
      focusFirstInvalid(formRef.current);
      return;
    }
    add.mutate(parsed.data);
  };

  const entries = wallet.data?.entries ?? [];
  return (
    <RecordSection title="Site credit" count={entries.length}>
      <p className="mb-3 text-stone-800">
        Balance:{" "}
        <span className="font-bold tabular-nums text-field-900" data-testid="admin-wallet-balance">
          {wallet.data ? `£${wallet.data.balance}` : "…"}
        </span>
        {wallet.data && wallet.data.owed !== "0.00" ? (
          <>
            {" · "}
            <span className="font-bold text-danger-700" data-testid="admin-wallet-owed">
              Owes £{wallet.data.owed}
            </span>
            <span className="block text-sm text-stone-700">
              Instant prize credit spent before its winning entry was refunded or disputed; taken from the customer's next credit.
            </span>
          </>
        ) : null}
      </p>
      <form ref={formRef} onSubmit={onSubmit} noValidate className="mb-4 flex flex-col gap-3">
        <TextField label="Goodwill credit (£)" inputMode="decimal" {...form.text("amount")} />
        <TextField label="Reason" hint="Kept in the ledger and the audit log." {...form.text("reason")} />
        <Button type="submit" size="sm" pending={add.isPending} className="self-end max-sm:w-full">
          Add credit
        </Button>
      </form>
      {entries.length === 0 ? (
        <Nothing>No site credit yet.</Nothing>
      ) : (
        <ul className="flex flex-col gap-2" aria-label="Site credit ledger">
          {entries.map((e, i) => (
            <li key={`${e.at}-${i}`} className="flex items-start justify-between gap-3 rounded-xl border border-cream-200 bg-cream-50 px-4 py-2">
              <div className="min-w-0">
                <p className="font-semibold text-stone-900">{KIND_LABEL[e.kind]}</p>
                {e.note ? <p className="text-sm break-words text-stone-700">{e.note}</p> : null}
                <p className="text-xs text-stone-600">{shortDateTime(e.at)}</p>
              </div>
              <span className="shrink-0 font-semibold tabular-nums text-stone-900">{signed(e.amount)}</span>
            </li>
          ))}
        </ul>
      )}
    </RecordSection>
  );
}
