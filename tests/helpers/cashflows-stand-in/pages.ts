import type { StandInJob } from "./ledger";
import { pounds } from "./ledger";

/*
 * The stand-in's pages for a browser: the card form's frames (what cashflows-clientlib-js puts in
 * place of the page's inputs), the 3-D Secure page, and the hosted payment page. All their URLs are
 * relative, so they work the same when the browser reaches them as https://gateway-int.cashflows.com/….
 */

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const script = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

const head = (title: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title></head>`;

const FIELDS: Record<string, { label: string; placeholder: string; autocomplete: string; check: string }> = {
  cardnumber: {
    label: "Card number",
    placeholder: "1234 1234 1234 1234",
    autocomplete: "cc-number",
    check: `const d = v.replace(/\\s/g, ""); return /^\\d{12,19}$/.test(d) ? "" : d ? "Invalid card number." : "Card number is required.";`,
  },
  cardholdername: {
    label: "Name on card",
    placeholder: "Name on card",
    autocomplete: "cc-name",
    check: `return v.trim() ? "" : "Card holder name is required.";`,
  },
  cardexpiry: {
    label: "Expiry date",
    placeholder: "MM/YY",
    autocomplete: "cc-exp",
    check: `return /^(0[1-9]|1[0-2])\\s*\\/\\s*(\\d{2}|\\d{4})$/.test(v.trim()) ? "" : v ? "Invalid expiry date." : "Expiry date is required.";`,
  },
  cardcvc: {
    label: "Security code",
    placeholder: "CVC",
    autocomplete: "cc-csc",
    check: `return /^\\d{3,4}$/.test(v.trim()) ? "" : v ? "Invalid security code." : "Security code is required.";`,
  },
};

/**
 * One field of the card form, in its frame (`preparations/{uuid}?inputtype=…`): as the real frames
 * do, it tells the page whether it is valid (`{event:"validate", preparationId, valid, message}`) and
 * sends its value to the Gateway under its preparation id, for the payment to read.
 */
export function preparationPage(uuid: string, inputtype: string): string | null {
  const field = FIELDS[inputtype];
  if (!field) return null;
  return `${head(field.label)}
<body style="margin:0">
<input id="field" aria-label="${escape(field.label)}" placeholder="${escape(field.placeholder)}" autocomplete="${field.autocomplete}"
  inputmode="${inputtype === "cardholdername" ? "text" : "numeric"}" style="box-sizing:border-box;width:100%;height:100%;border:0;outline:0;font:inherit;font-size:16px;padding:8px;background:transparent">
<script>
  const id = ${script(uuid)}, type = ${script(inputtype)};
  const input = document.getElementById("field");
  const problem = (v) => { ${field.check} };
  let sent = null, touched = false;
  function report() {
    const message = problem(input.value);
    window.parent.postMessage({ event: "validate", preparationId: id, valid: message === "", message: touched ? message : "" }, "*");
    if (input.value !== sent) {
      sent = input.value;
      fetch("/preparations/" + encodeURIComponent(id), { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ inputtype: type, value: input.value }) });
    }
  }
  input.addEventListener("input", report);
  input.addEventListener("blur", () => { touched = true; report(); });
</script>
</body></html>`;
}

/** The cardholder's bank asking for 3-D Secure: "Authenticate" or "Fail". */
export function challengePage(job: StandInJob, waiting: boolean): string {
  return `${head("3-D Secure")}
<body style="font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem">
<main><h1>3-D Secure</h1>
${
  waiting
    ? `<p>Confirm a payment of £${pounds(job.amountPence)} (${escape(job.reference)}).</p>
<form method="post" style="display:inline"><input type="hidden" name="outcome" value="approve"><button type="submit">Authenticate</button></form>
<form method="post" style="display:inline"><input type="hidden" name="outcome" value="fail"><button type="submit">Fail authentication</button></form>`
    : `<p>This payment is not waiting on authentication (${escape(job.status)}).</p>`
}
</main></body></html>`;
}

/** After the answer, inside the card form's dialog: the page's library hears it must look again. */
export function challengeDonePage(job: StandInJob): string {
  return `${head("3-D Secure")}
<body style="font-family:system-ui,sans-serif"><main><h1>${job.status === "Failed" ? "Authentication failed" : "Authentication complete"}</h1></main>
<script>window.top.postMessage({ event: "update" }, "*");</script>
</body></html>`;
}

/** Cashflows' hosted payment page, for a payment job (and for a buyer who left the card form). */
export function hostedPage(job: StandInJob, problem: string | null): string {
  return `${head("Cashflows payment")}
<body style="font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem">
<main><h1>Pay £${pounds(job.amountPence)}</h1>
${job.orderNumber ? `<p>Order ${escape(job.orderNumber)}</p>` : ""}
${problem ? `<p role="alert">${escape(problem)}</p>` : ""}
${
  job.status === "Pending"
    ? `<form method="post">
<label>Card number <input name="cardnumber" autocomplete="cc-number" required></label><br>
<label>Name on card <input name="cardholdername" autocomplete="cc-name"></label><br>
<label>Expiry date <input name="cardexpiry" placeholder="MM/YY" autocomplete="cc-exp" required></label><br>
<label>Security code <input name="cardcvc" autocomplete="cc-csc" required></label><br>
<button type="submit">Pay</button>
</form>
<form method="post"><input type="hidden" name="cancel" value="1"><button type="submit">Cancel</button></form>`
    : `<p>This payment is ${escape(job.status)}.</p>`
}
</main></body></html>`;
}
