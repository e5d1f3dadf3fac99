import type { Page } from "@playwright/test";

/*
 * A stand-in for Stripe.js in the browser: the shop's real @stripe/stripe-js and
 * @stripe/react-stripe-js code loads it exactly as it loads Stripe's (a <script> from
 * https://js.stripe.com/endive/stripe.js, then window.Stripe), and it implements only what the
 * checkout calls. Its requests go to https://api.stripe.com and its 3-D Secure frame to
 * https://hooks.stripe.com, as Stripe's do, so the page's Content-Security-Policy is tested as it
 * stands; the test routes both to the Stripe stand-in (tests/helpers/stripe-stand-in.ts).
 */

/** What the shop may call; anything else it calls fails the journey (see `stripeCalls`). */
export const STRIPE_JS_CALLS = [
  "Stripe",
  "_registerWrapper",
  "registerAppInfo",
  "elements",
  "elements.update",
  "elements.create",
  "elements.submit",
  "element.mount",
  "element.on",
  "element.off",
  "element.update",
  "element.destroy",
  "createConfirmationToken",
  "handleNextAction",
] as const;

/** The label of the stub Payment Element's one field. */
export const STUB_CARD_LABEL = "Card number";
/** The title of the stub's 3-D Secure frame. */
export const STUB_CHALLENGE_TITLE = "3D Secure authentication";

interface StubWindow {
  Stripe?: unknown;
  __stripeStub?: { calls: Array<{ name: string; args: unknown }> };
}

/** Runs in the page, as the body of https://js.stripe.com/endive/stripe.js. Plain browser code only. */
function stripeJsStub(): void {
  type Handler = (payload?: unknown) => void;
  type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  const API = "https://api.stripe.com";
  const HOOKS = "https://hooks.stripe.com";
  const w = window as unknown as StubWindow;
  const record = (w.__stripeStub ??= { calls: [] });
  const copyOf = (args: unknown): unknown => {
    try {
      return JSON.parse(JSON.stringify(args ?? null));
    } catch {
      return "(not serialisable)";
    }
  };
  const note = (name: string, args?: unknown) => record.calls.push({ name, args: copyOf(args) });
  const refuse = (name: string) => () => {
    note(name);
    throw new Error(`The Stripe.js stub does not implement ${name}: the checkout is not expected to call it.`);
  };

  async function api(method: "GET" | "POST", path: string, fields: Record<string, string>): Promise<{ status: number; json: Json }> {
    const body = new URLSearchParams(fields).toString();
    // A form body and no custom header: a "simple" cross-origin request, as Stripe.js makes.
    const res = await fetch(method === "GET" ? `${API}${path}?${body}` : `${API}${path}`, {
      method,
      ...(method === "POST" ? { headers: { "content-type": "application/x-www-form-urlencoded" }, body } : {}),
    });
    return { status: res.status, json: (await res.json()) as Json };
  }

  /** The bank's page in a frame over the shop, until it reports back (the stand-in's page posts a message). */
  function challenge(pageUrl: string, paymentIntent: string): Promise<void> {
    return new Promise((resolve) => {
      const overlay = document.createElement("div");
      overlay.setAttribute("data-stripe-stub", "challenge");
      overlay.style.cssText = "position:fixed;inset:0;z-index:2147483647;background:rgba(0,0,0,.55);display:flex;align-items:center;justify-content:center";
      const frame = document.createElement("iframe");
      frame.title = "3D Secure authentication";
      frame.src = `${HOOKS}${new URL(pageUrl).pathname}`;
      frame.style.cssText = "width:min(400px,94vw);height:420px;border:0;border-radius:8px;background:#fff";
      overlay.appendChild(frame);
      document.body.appendChild(overlay);
      const done = (event: MessageEvent) => {
        const data = event.data as { type?: string; paymentIntent?: string } | null;
        if (event.origin !== HOOKS || data?.type !== "stripe-stand-in:3ds-complete" || data.paymentIntent !== paymentIntent) return;
        window.removeEventListener("message", done);
        overlay.remove();
        resolve();
      };
      window.addEventListener("message", done);
    });
  }

  function createPaymentElement(options: unknown) {
    const handlers = new Map<string, Set<Handler>>();
    const emit = (event: string, payload: unknown) => handlers.get(event)?.forEach((h) => h(payload));
    let root: HTMLElement | null = null;
    let input: HTMLInputElement | null = null;
    note("elements.create", { type: "payment", options });
    const element = {
      digits: () => (input?.value ?? "").replace(/\D/g, ""),
      mount(target: HTMLElement | string) {
        note("element.mount", typeof target === "string" ? target : "(element)");
        const node = typeof target === "string" ? document.querySelector(target) : target;
        if (!node) throw new Error("Stripe stub: the mount point does not exist");
        root = document.createElement("div");
        root.setAttribute("data-stripe-stub", "payment-element");
        root.style.cssText = "display:flex;flex-direction:column;gap:6px;padding:12px;border:1px dashed #a8a29e;border-radius:8px";
        const label = document.createElement("label");
        label.textContent = "Card number";
        label.style.cssText = "display:flex;flex-direction:column;gap:4px;font-weight:600";
        input = document.createElement("input");
        input.inputMode = "numeric";
        input.autocomplete = "cc-number";
        input.style.cssText = "min-height:44px;padding:8px;border:1px solid #a8a29e;border-radius:6px;font:inherit;font-weight:400";
        label.appendChild(input);
        const hint = document.createElement("p");
        hint.textContent = "Stripe.js test stub: the Payment Element's card field.";
        hint.style.cssText = "font-size:12px;color:#57534e;margin:0";
        root.append(label, hint);
        node.appendChild(root);
        input.addEventListener("input", () =>
          emit("change", { elementType: "payment", empty: element.digits() === "", complete: element.digits().length >= 15 }),
        );
        setTimeout(() => emit("ready", { elementType: "payment" }), 0);
      },
      on(event: string, handler: Handler) {
        note("element.on", event);
        if (!handlers.has(event)) handlers.set(event, new Set());
        handlers.get(event)!.add(handler);
        return element;
      },
      off(event: string, handler: Handler) {
        note("element.off", event);
        handlers.get(event)?.delete(handler);
        return element;
      },
      update(next: unknown) {
        note("element.update", next);
      },
      destroy() {
        note("element.destroy");
        root?.remove();
        root = null;
        input = null;
      },
    };
    return element;
  }

  function createElements(options: Json) {
    let payment: ReturnType<typeof createPaymentElement> | null = null;
    const elements = {
      options,
      submitted: false,
      update(next: Json) {
        note("elements.update", next);
        Object.assign(elements.options, next);
      },
      create(type: string, elementOptions: unknown) {
        if (type !== "payment") return refuse(`elements.create("${type}")`)();
        payment = createPaymentElement(elementOptions);
        return payment;
      },
      getElement: refuse("elements.getElement"),
      async submit() {
        note("elements.submit");
        if (!payment) return { error: { type: "integration_error", message: "No Payment Element is mounted." } };
        if (payment.digits() === "") return { error: { type: "validation_error", code: "incomplete_number", message: "Your card number is incomplete." } };
        elements.submitted = true;
        return {};
      },
      cardDigits: () => payment?.digits() ?? "",
    };
    return elements;
  }

  function Stripe(publishableKey: string, options?: unknown) {
    note("Stripe", { publishableKey, options });
    if (typeof publishableKey !== "string" || !publishableKey.startsWith("pk_")) throw new Error("Stripe stub: a publishable key (pk_…) is needed");
    return {
      _registerWrapper: (wrapper: unknown) => note("_registerWrapper", wrapper),
      registerAppInfo: (info: unknown) => note("registerAppInfo", info),
      elements(elementsOptions: Json) {
        note("elements", elementsOptions);
        return createElements({ ...elementsOptions });
      },
      // react-stripe-js checks that these exist before it accepts the object as Stripe.
      createToken: refuse("createToken"),
      createPaymentMethod: refuse("createPaymentMethod"),
      confirmCardPayment: refuse("confirmCardPayment"),
      confirmPayment: refuse("confirmPayment"),
      retrievePaymentIntent: refuse("retrievePaymentIntent"),
      async createConfirmationToken({ elements }: { elements: ReturnType<typeof createElements> }) {
        note("createConfirmationToken");
        if (!elements?.submitted) {
          return { error: { type: "integration_error", message: "elements.submit() must be called before stripe.createConfirmationToken()." } };
        }
        const answer = await api("POST", "/v1/confirmation_tokens", {
          key: publishableKey,
          "payment_method_data[type]": "card",
          "payment_method_data[card][number]": elements.cardDigits(),
        });
        return answer.status === 200 ? { confirmationToken: answer.json } : { error: answer.json.error };
      },
      async handleNextAction({ clientSecret }: { clientSecret: string }) {
        note("handleNextAction");
        const id = clientSecret.split("_secret_")[0]!;
        const read = () => api("GET", `/v1/payment_intents/${encodeURIComponent(id)}`, { key: publishableKey, client_secret: clientSecret });
        let intent = await read();
        if (intent.status !== 200) return { error: intent.json.error };
        const action = intent.json.next_action as Json | null;
        if (intent.json.status !== "requires_action" || !action) return { paymentIntent: intent.json };
        if (action.type !== "use_stripe_sdk") return refuse(`handleNextAction with a ${String(action.type)} next action`)();
        await challenge(String(action.use_stripe_sdk.stripe_js), id);
        intent = await read();
        if (intent.json.status === "succeeded" || intent.json.status === "processing") return { paymentIntent: intent.json };
        return {
          error: { ...(intent.json.last_payment_error ?? { type: "card_error", message: "The payment was not authenticated." }), payment_intent: intent.json },
        };
      },
    };
  }
  // @stripe/stripe-js warns unless the script is the release it was built for.
  Stripe.version = "endive";
  w.Stripe = Stripe;
}

export interface StripeJsStub {
  /** Requests the page made for Stripe.js (https://js.stripe.com/…). */
  scriptRequests: string[];
  /** Content-Security-Policy violations reported by any document of the page. */
  cspViolations: string[];
  /** The Stripe.js calls the page made, in order. */
  calls: (page: Page) => Promise<Array<{ name: string; args: unknown }>>;
}

/**
 * Serves the stub as Stripe.js and forwards what it sends to Stripe (api.stripe.com, and the 3-D
 * Secure page it frames from hooks.stripe.com) to the stand-in at `standInUrl`.
 */
export async function installStripeJsStub(page: Page, standInUrl: string): Promise<StripeJsStub> {
  const stub: StripeJsStub = {
    scriptRequests: [],
    cspViolations: [],
    calls: (p) => p.evaluate(() => (window as unknown as StubWindow).__stripeStub?.calls ?? []),
  };
  await page.exposeFunction("__reportCspViolation", (text: string) => stub.cspViolations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      void (window as unknown as { __reportCspViolation: (t: string) => Promise<void> }).__reportCspViolation(
        `${e.violatedDirective} blocked ${e.blockedURI} on ${location.pathname}`,
      );
    });
  });
  await page.route("https://js.stripe.com/**", async (route) => {
    stub.scriptRequests.push(route.request().url());
    await route.fulfill({ status: 200, contentType: "text/javascript; charset=utf-8", body: `(${stripeJsStub.toString()})();` });
  });
  await page.route(/^https:\/\/(api|hooks)\.stripe\.com\//, async (route) => {
    const url = new URL(route.request().url());
    const response = await route.fetch({ url: `${standInUrl}${url.pathname}${url.search}`, maxRedirects: 0 });
    await route.fulfill({ response });
  });
  return stub;
}
