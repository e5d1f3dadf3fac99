/** Shown while the server has not yet recorded the payment's outcome (a 202 / "pending" answer), or while the bank authenticates. */
export function PaymentProcessing({ state }: { state: "no" | "waiting" | "slow" | "authenticating" }) {
  if (state === "no") return null;
  const text = {
    waiting: "Your payment is still processing. Please keep this page open: your ticket numbers will appear here as soon as it is confirmed.",
    slow: "Your payment is still processing. We will email your ticket numbers as soon as it is confirmed, and they will appear under My Entries. Please do not pay again.",
    authenticating: "Your bank wants to confirm this payment. Please complete the check it shows you: your tickets are held meanwhile.",
  }[state];
  return (
    <p role="status" className="rounded-xl bg-cream-100 p-4 text-sm text-stone-800">
      {text}
    </p>
  );
}
