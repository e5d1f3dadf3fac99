import { useMutation } from "@tanstack/react-query";
import { useRef, useState, type FormEvent } from "react";
import type { AdminClaim, AdminClaimUpdate } from "../../../../shared/schemas/claims";
import { toast } from "../../../lib/toast";
import { useTRPC } from "../../../lib/trpc";
import { serverMessage } from "../../../lib/trpc-errors";
import { Button } from "../../ui/button";
import { TextField } from "../../ui/text-field";
import { AdminDialog, DialogActions } from "../ui/admin-dialog";
import { TextAreaField } from "../ui/text-area-field";

export type ClaimAction = "contact" | "fulfil" | "expire";

/** The action's words: dialog title, button, the one field it needs and the message when it is empty. */
export function actionWords(action: ClaimAction, claim: Pick<AdminClaim, "fulfilBy">) {
  const cash = claim.fulfilBy === "paid";
  switch (action) {
    case "contact":
      return {
        title: "Record contact",
        submit: "Record contact",
        done: "Contact recorded",
        field: "How you reached them",
        hint: "e.g. Phoned on 07700 900123 and spoke to the winner; they will claim online tonight. Kept in the audit log.",
        missing: "Say how you reached the winner",
      };
    case "fulfil":
      return cash
        ? {
            title: "Mark paid",
            submit: "Mark paid",
            done: "Marked paid",
            field: "Payment reference",
            hint: "The bank transfer's reference. The winner sees it.",
            missing: "Add the payment reference",
          }
        : {
            title: "Mark delivered",
            submit: "Mark delivered",
            done: "Marked delivered",
            field: "Carrier reference",
            hint: "The carrier's tracking or delivery reference. The winner sees it.",
            missing: "Add the carrier's reference",
          };
    default:
      return {
        title: "Expire claim",
        submit: "Expire claim",
        done: "Claim expired",
        field: "Reason",
        hint: "The winner is told this reason by email and notification.",
        missing: "Give a reason for expiring the claim",
      };
  }
}

/** The body of PUT /admin/claims/{id} for an action and the text typed. */
export function updateFor(action: ClaimAction, text: string): AdminClaimUpdate {
  if (action === "contact") return { status: "notified", note: text };
  if (action === "fulfil") return { status: "fulfilled", reference: text };
  return { status: "expired", note: text };
}

interface ClaimActionDialogProps {
  /** The claim and what to do with it; null when closed. */
  target: { claim: AdminClaim; action: ClaimAction } | null;
  onClose: () => void;
}

export function ClaimActionDialog({ target, onClose }: ClaimActionDialogProps) {
  const words = target ? actionWords(target.action, target.claim) : null;
  return (
    <AdminDialog
      open={target !== null}
      onClose={onClose}
      title={words?.title ?? ""}
      size="md"
      description={target ? `${target.claim.customerName} · ${target.claim.competitionTitle}` : undefined}
    >
      {target ? <ClaimActionForm key={`${target.claim.id}-${target.action}`} claim={target.claim} action={target.action} onDone={onClose} /> : null}
    </AdminDialog>
  );
}

function ClaimActionForm({ claim, action, onDone }: { claim: AdminClaim; action: ClaimAction; onDone: () => void }) {
  const trpc = useTRPC();
  const formRef = useRef<HTMLFormElement>(null);
  const words = actionWords(action, claim);
  const [text, setText] = useState("");
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [failed, setFailed] = useState<string | null>(null);
  const update = useMutation(
    trpc.admin.claims.update.mutationOptions({
      // Someone else may have changed it meanwhile: a refusal refreshes the list too, to show it as it is now.
      meta: { refreshesOnError: true },
      onSuccess: () => {
        toast.success(words.done, `${claim.customerName} · ${claim.competitionTitle}`);
        onDone();
      },
      onError: (error) => {
        setFailed(serverMessage(error) ?? "The claim could not be updated. Please try again.");
      },
    }),
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    setFailed(null);
    if (!text.trim()) {
      setFieldError(words.missing);
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    update.mutate({ id: claim.id, ...updateFor(action, text.trim()) });
  };

  const fieldProps = {
    label: words.field,
    hint: words.hint,
    error: fieldError,
    value: text,
    required: true,
    onChange: (event: { target: { value: string } }) => {
      setText(event.target.value);
      setFieldError(undefined);
    },
  };
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {action === "fulfil" ? (
        <p className="text-stone-800">
          {claim.choice === "cash"
            ? `Pay ${claim.cashAlternative ?? "the cash alternative"} to the winner, then record the payment here. The winner is told by email and notification.`
            : "Once the prize is with the carrier or delivered, record the reference here. The winner is told by email and notification."}
        </p>
      ) : null}
      {action === "fulfil" ? <TextField maxLength={200} autoComplete="off" {...fieldProps} /> : <TextAreaField rows={3} maxLength={2000} {...fieldProps} />}
      {failed ? (
        <p role="alert" className="rounded-lg border border-danger-200 bg-danger-50 px-3 py-2 text-sm font-medium text-danger-800">
          {failed}
        </p>
      ) : null}
      <DialogActions>
        <Button variant="secondary" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant={action === "expire" ? "danger" : "primary"} pending={update.isPending}>
          {words.submit}
        </Button>
      </DialogActions>
    </form>
  );
}
