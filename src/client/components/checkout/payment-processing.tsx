/** Shown while the server has not yet recorded the payment's outcome (a 202 / "pending" answer). */
export function PaymentProcessing({ state }: { state: "no" | "waiting" | "slow" }) {
  if (state === "no") return null;
  return (
    <p role="status" className="rounded-xl bg-cream-100 p-4 text-sm text-stone-800">
      {state === "waiting"
        ? "Your payment is still processing. Please keep this page open: your ticket numbers will appear here as soon as it is confirmed."
        : "Your payment is still processing. We will email your ticket numbers as soon as it is confirmed, and they will appear under My Entries. Please do not pay again."}
    </p>
  );
}
