import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { stashFlashToast } from "../../lib/flash-toast";
import { clearSessionTokens } from "../../lib/session-token";
import { toast } from "../../lib/toast";
import { useTRPC } from "../../lib/trpc";
import { serverMessage } from "../../lib/trpc-errors";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { ConfirmDialog } from "../ui/confirm-dialog";

/** Close the account (COMPLIANCE 1.5). The server ends every session, so the browser signs out like Log Out. */
export function CloseAccount() {
  const trpc = useTRPC();
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const close = useMutation(
    trpc.customer.protection.close.mutationOptions({
      onSuccess: () => {
        clearSessionTokens();
        queryClient.clear();
        stashFlashToast({ title: "Account Closed", description: "Your account has been closed and you have been signed out." });
        window.location.href = "/";
      },
      onError: (err) => toast.error("Something went wrong", serverMessage(err) ?? "We couldn't close your account. Please try again."),
    }),
  );

  return (
    <Card>
      <section aria-labelledby="close-heading">
        <h2 id="close-heading" className="font-sans text-xl font-bold text-field-900">
          Close my account
        </h2>
        <p className="mt-1 text-stone-700">
          Closing your account signs you out on every device, and you will not be able to use it to enter competitions again.
        </p>
        <Button variant="danger" className="mt-4" onClick={() => setOpen(true)}>
          Close my account
        </Button>
      </section>
      <ConfirmDialog
        open={open}
        title="Close your account?"
        confirmLabel="Yes, close my account"
        pending={close.isPending}
        onClose={() => setOpen(false)}
        onConfirm={() => close.mutate()}
      >
        <p>You will be signed out everywhere straight away and will not be able to sign in to this account again.</p>
        <p className="font-semibold text-stone-900">This cannot be undone.</p>
      </ConfirmDialog>
    </Card>
  );
}
