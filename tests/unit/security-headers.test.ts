import type { ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { paymentSurfaceOf, setSecurityHeaders } from "../../src/server/http/security-headers";

/** The headers a page of a shop with this provider is served with. */
function headersOf(provider: string, environment?: "integration" | "production", pathname = "/checkout", wallets: Array<"google_pay" | "apple_pay"> = []) {
  const set = new Map<string, string>();
  const res = { setHeader: (name: string, value: string) => set.set(name.toLowerCase(), value) } as unknown as ServerResponse;
  setSecurityHeaders(res, true, paymentSurfaceOf(provider, environment, wallets), pathname);
  const csp = set.get("content-security-policy")!;
  const directive = (name: string) => csp.split("; ").find((d) => d.startsWith(`${name} `)) ?? null;
  return { csp, directive, permissions: set.get("permissions-policy")! };
}

describe("the page's policies follow the shop's payment provider", () => {
  it("opens nothing for the simulated provider, and forbids the Payment Request API", () => {
    const { directive, permissions } = headersOf("simulated");
    expect(directive("script-src")).toBe("script-src 'self'");
    expect(directive("connect-src")).toBe("connect-src 'self'");
    expect(directive("frame-src")).toBeNull();
    expect(permissions).toContain("payment=()");
  });

  it("opens Cashflows' integration gateway (card fields, 3-D Secure, its API), and nothing of Stripe's or of a wallet not offered", () => {
    const { csp, directive, permissions } = headersOf("cashflows", "integration");
    expect(directive("frame-src")).toBe("frame-src https://gateway-int.cashflows.com");
    expect(directive("connect-src")).toBe("connect-src 'self' https://gateway-int.cashflows.com");
    expect(directive("script-src")).toBe("script-src 'self'");
    expect(permissions).toContain("payment=()");
    expect(csp).not.toContain("stripe");
    expect(csp).not.toContain("pay.google.com");
    expect(csp).not.toContain("https://gateway.cashflows.com");
  });

  it("admits Google Pay's script and sheet, and the Payment Request API, only when the configuration offers it", () => {
    const google = headersOf("cashflows", "integration", "/checkout", ["google_pay"]);
    expect(google.directive("script-src")).toBe("script-src 'self' https://pay.google.com");
    expect(google.directive("frame-src")).toBe("frame-src https://gateway-int.cashflows.com https://pay.google.com");
    expect(google.directive("connect-src")).toBe("connect-src 'self' https://gateway-int.cashflows.com https://pay.google.com");
    expect(google.permissions).toContain('payment=(self "https://pay.google.com")');
    // Apple Pay is the browser's own: the shop's page may use the Payment Request API, nothing more is loaded.
    const apple = headersOf("cashflows", "integration", "/checkout", ["apple_pay"]);
    expect(apple.permissions).toContain("payment=(self)");
    expect(apple.csp).not.toContain("pay.google.com");
  });

  it("opens only the production gateway in production", () => {
    const { csp, directive } = headersOf("cashflows", "production");
    expect(directive("frame-src")).toBe("frame-src https://gateway.cashflows.com");
    expect(csp).not.toContain("gateway-int");
  });

  it("keeps Stripe's documented list for Stripe, and nothing of Cashflows'", () => {
    const { csp, directive, permissions } = headersOf("stripe");
    expect(directive("script-src")).toBe("script-src 'self' https://js.stripe.com https://*.js.stripe.com");
    expect(directive("frame-src")).toBe("frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com");
    expect(permissions).toContain('payment=(self "https://js.stripe.com")');
    expect(csp).not.toContain("cashflows");
  });

  it("adds the live stream's frames to the provider's on /live only", () => {
    expect(headersOf("cashflows", "integration", "/live").directive("frame-src")).toBe(
      "frame-src https://gateway-int.cashflows.com https://www.youtube-nocookie.com https://www.facebook.com",
    );
    expect(headersOf("cashflows", "integration", "/").directive("frame-src")).not.toContain("youtube");
  });
});
