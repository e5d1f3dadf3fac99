import type { PaymentIntent } from "./objects";

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The bank's 3D Secure page, as Stripe's test mode shows it: "Complete" or "Fail". A redirect
 * (`next_action.redirect_to_url`) comes here and goes back to the shop's return_url; Stripe.js (or
 * the browser stub standing in for it) opens it in a frame, which tells its parent when it is done.
 */
export function challengePage(pi: PaymentIntent): string {
  const amount = pi.currency === "gbp" ? `£${(pi.amount / 100).toFixed(2)}` : `${(pi.amount / 100).toFixed(2)} ${pi.currency.toUpperCase()}`;
  const waiting = pi.status === "requires_action";
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>3D Secure 2 Test Page</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 28rem; margin: 2rem auto; padding: 0 1rem">
<main>
<h1>3D Secure 2 Test Page</h1>
${
  waiting
    ? `<p>Authenticate a payment of ${escape(amount)} (${escape(pi.id)}).</p>
<form method="post" style="display: inline"><input type="hidden" name="outcome" value="approve"><button type="submit">Complete</button></form>
<form method="post" style="display: inline"><input type="hidden" name="outcome" value="fail"><button type="submit">Fail</button></form>`
    : `<p>This payment is not waiting on authentication (its status is ${escape(pi.status)}).</p>`
}
</main>
</body></html>`;
}

/** Shown in the frame after an answer without a redirect: the parent page hears how it ended. */
export function challengeDonePage(pi: PaymentIntent): string {
  const message = JSON.stringify({ type: "stripe-stand-in:3ds-complete", paymentIntent: pi.id, status: pi.status }).replace(/</g, "\\u003c");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>3D Secure 2 Test Page</title></head>
<body style="font-family: system-ui, sans-serif"><main><h1>Authentication ${pi.status === "succeeded" ? "complete" : "failed"}</h1></main>
<script>window.parent !== window && window.parent.postMessage(${message}, "*");</script>
</body></html>`;
}
