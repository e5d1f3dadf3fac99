import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { decimalToPence, formatPounds, formatPrice } from "../../../../shared/money";
import { refundInput, type AdminOrderView } from "../../../../shared/schemas/order";
import { toast } from "../../../lib/toast";
import { useTRPC } from "../../../lib/trpc";
import { serverMessage } from "../../../lib/trpc-errors";
import { Button } from "../../ui/button";
import { TextField } from "../../ui/text-field";
import { AdminDialog, DialogActions } from "../ui/admin-dialog";
import { TextAreaField } from "../ui/text-area-field";

export const FROZEN_NOTE = "The draw pool for this competition is frozen: the tickets stay in the draw and only the money is returned.";
export const FULL_REFUND_NOTE = "A full refund takes these tickets out of the draw and puts the numbers back on sale.";
const PARTIAL_NOTE = "A partial refund returns only the money: the tickets stay in the draw.";

const creditPence = (order: AdminOrderView) => decimalToPence(order.creditUsed) ?? 0;

/**
 * For an order site credit paid part of: where a refund goes. The card gets back up to what it paid
 * (the total less the credit) less its refunds so far; the rest goes to site credit, never to a card.
 * Null for an order without site credit.
 */
function creditRefundNote(order: AdminOrderView): string | null {
  const credit = creditPence(order);
  if (credit <= 0) return null;
  const cardRefunded = order.refunds.filter((r) => r.to === "card").reduce((sum, r) => sum + (decimalToPence(r.amount) ?? 0), 0);
  const cardLeft = Math.max(0, (decimalToPence(order.amount) ?? 0) - credit - cardRefunded);
  return cardLeft > 0
    ? `The card gets its part back first (up to ${formatPounds(cardLeft)}); anything more goes back to the customer's site credit, never to a card.`
    : "Nothing is left to go back to a card: the refund goes back to the customer's site credit, never to a card.";
}

interface RefundDialogProps {
  open: boolean;
  order: AdminOrderView;
  onClose: () => void;
}

export function RefundDialog({ open, order, onClose }: RefundDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <AdminDialog
      open={open}
      onClose={() => (busy ? undefined : onClose())}
      title="Refund order"
      description={`Up to ${formatPrice(order.refundable)} can still be refunded to ${order.customer.name}${creditPence(order) > 0 ? "" : "'s card"}.`}
      size="md"
    >
      {/* Mounted afresh each time it opens, so it starts from the amount refundable now. */}
      {open ? <RefundForm order={order} onBusy={setBusy} onClose={onClose} /> : null}
    </AdminDialog>
  );
}

/** Which of the two spec'd warnings apply: a frozen pool keeps its tickets; otherwise a full refund gives the numbers back. */
function notesFor(order: AdminOrderView, full: boolean): string[] {
  const frozen = order.pools.some((p) => p.frozen);
  const open = order.pools.some((p) => !p.frozen);
  const notes: string[] = [];
  if (frozen) notes.push(FROZEN_NOTE);
  if (full && open) notes.push(FULL_REFUND_NOTE);
  if (!full && !frozen) notes.push(PARTIAL_NOTE);
  return notes;
}

function RefundForm({ order, onBusy, onClose }: { order: AdminOrderView; onBusy: (busy: boolean) => void; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refund = useMutation(trpc.admin.orders.refund.mutationOptions());
  const [amount, setAmount] = useState(order.refundable);
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  // One key for this opening of the dialog: a double click or a retry after a lost answer refunds once.
  const [idempotencyKey] = useState(() => `refund-${crypto.randomUUID()}`);

  const refundablePence = decimalToPence(order.refundable) ?? 0;
  const typedPence = amount.trim() === "" ? refundablePence : decimalToPence(amount);
  const full = typedPence === refundablePence;
  const notes = notesFor(order, full);
  const creditNote = creditRefundNote(order);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (refund.isPending) return;
    // An empty amount, or all that is left, is a full refund: the server then refunds what remains.
    const input = { id: order.id, amount: amount.trim() === "" || full ? undefined : amount.trim(), reason, idempotencyKey };
    const parsed = refundInput.safeParse(input);
    const found: typeof errors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if ((key === "amount" || key === "reason") && !found[key]) found[key] = issue.message;
      }
    } else if (typedPence !== null && typedPence > refundablePence) {
      found.amount = `At most ${formatPrice(order.refundable)} can still be refunded`;
    } else if (typedPence === 0) {
      found.amount = "A refund must be more than £0.00";
    }
    setErrors(found);
    if (!parsed.success || Object.keys(found).length > 0) return;
    onBusy(true);
    try {
      const updated = await refund.mutateAsync(parsed.data);
      queryClient.setQueryData(trpc.admin.orders.get.queryKey({ id: order.id }), updated);
      toast.success("Refund made", `${formatPrice(parsed.data.amount ?? order.refundable)} is on its way back to ${order.customer.name}.`);
      onClose();
    } catch {
      // The server's reason is shown in the dialog.
    } finally {
      onBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-4">
      <TextField
        label="Amount (£)"
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        error={errors.amount}
        hint={`Leave empty to refund all ${formatPrice(order.refundable)} that is left.`}
      />
      {creditNote ? <p className="-mt-2 text-sm text-stone-700">{creditNote}</p> : null}
      <TextAreaField
        label="Reason"
        rows={3}
        maxLength={500}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        error={errors.reason}
        hint="Kept in the audit log."
        required
      />
      {notes.map((note) => (
        <p key={note} className="rounded-xl border border-wheat-200 bg-wheat-50 px-4 py-3 text-sm text-stone-800">
          {note}
        </p>
      ))}
      {refund.error ? (
        <p role="alert" className="rounded-xl border border-danger-200 bg-danger-50 px-4 py-3 text-sm text-danger-800">
          {serverMessage(refund.error) ?? "The refund could not be made. Please try again."}
        </p>
      ) : null}
      <DialogActions>
        <Button variant="secondary" onClick={onClose} disabled={refund.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" pending={refund.isPending}>
          {refund.isPending ? "Refunding..." : `Refund ${typedPence !== null ? formatPrice(amount.trim() || order.refundable) : ""}`.trim()}
        </Button>
      </DialogActions>
    </form>
  );
}
