import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useTRPC } from "../../lib/trpc";
import { serverMessage } from "../../lib/trpc-errors";
import { Button } from "../ui/button";

/** The shop asks for a confirmed email before paying: say so where the customer is, with the way out. */
export function EmailNotVerified({ message }: { message: string }) {
  const trpc = useTRPC();
  const ref = useRef<HTMLDivElement>(null);
  const resend = useMutation(trpc.customer.account.resendVerification.mutationOptions());
  useEffect(() => {
    ref.current?.scrollIntoView({ block: "center" });
    ref.current?.focus();
  }, [message]);

  const sent = resend.data
    ? resend.data.alreadyVerified
      ? "Your email address is already confirmed: you can pay now."
      : "We've sent you a new link. Open it, then come back here and pay."
    : null;
  return (
    <div ref={ref} tabIndex={-1} role="alert" className="flex flex-col items-start gap-3 rounded-xl border border-wheat-300 bg-wheat-50 p-4 text-stone-800">
      <p className="font-semibold">{message}</p>
      {sent ? <p role="status">{sent}</p> : null}
      {resend.error ? (
        <p className="text-sm font-medium text-danger-700">{serverMessage(resend.error) ?? "We couldn't send the email. Please try again."}</p>
      ) : null}
      {sent ? null : (
        <Button variant="secondary" size="sm" pending={resend.isPending} onClick={() => resend.mutate()}>
          Resend email
        </Button>
      )}
    </div>
  );
}
