import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, type RenderResult } from "@testing-library/react";
import type { ReactElement, ReactNode } from "react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { afterEach, vi } from "vitest";
import { CartProvider } from "../../src/client/components/cart/cart-context";
import { createQueryClient } from "../../src/client/lib/query-client";
import { createTrpcClient, TRPCProvider } from "../../src/client/lib/trpc";
import { APP_ERRORS, type AppErrorCode } from "../../src/shared/errors";
import type { PaymentConfig } from "../../src/shared/schemas/order";

// Vitest runs without globals here, so Testing Library cannot register its own clean-up.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** Answers for tRPC procedures by path, e.g. { "public.auth.session": () => null }. */
export type TrpcAnswers = Record<string, (input: unknown) => unknown>;

class Refusal {
  constructor(
    readonly appCode: AppErrorCode,
    readonly message: string,
    readonly details?: Record<string, unknown>,
  ) {}
}

/** An answer that refuses, as the server's error formatter sends a service's AppError (code, message, details). */
export function refusal(appCode: AppErrorCode, message: string, details?: Record<string, unknown>): Refusal {
  return new Refusal(appCode, message, details);
}

/**
 * Replaces `fetch` with one that answers tRPC's batched JSON wire format from `answers`, so the
 * real client, links and React Query hooks run unchanged. Returns the stub to inspect the calls.
 */
/** GET /api/payments/config as a shop answers it: the demo's simulated provider unless `over` says otherwise. */
export function paymentConfig(over: Partial<PaymentConfig> = {}): PaymentConfig {
  return { provider: "simulated", publishableKey: null, environment: null, wallets: [], statementDescriptor: "HARVEST DRAWS", ...over };
}

/** Reads every checkout makes, answered as a demo shop would unless a test says otherwise. */
const DEFAULT_ANSWERS: TrpcAnswers = {
  "public.payments.config": () => paymentConfig(),
};

export function stubTrpcFetch(answers: TrpcAnswers) {
  const stub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    const paths = decodeURIComponent(url.pathname.replace(/^\/api\/trpc\//, "")).split(",");
    const raw = init?.body ? JSON.parse(String(init.body)) : JSON.parse(url.searchParams.get("input") ?? "{}");
    const inputs = (raw ?? {}) as Record<string, unknown>;
    const body = paths.map((path, i) => {
      const answer = answers[path] ?? DEFAULT_ANSWERS[path];
      if (!answer) return { error: { message: `No stub for ${path}`, code: -32004, data: { code: "NOT_FOUND", httpStatus: 404, path } } };
      const data = answer(inputs[String(i)]);
      if (data instanceof Refusal) {
        const { trpc: code, status: httpStatus } = APP_ERRORS[data.appCode];
        return { error: { message: data.message, code: -32600, data: { code, httpStatus, path, appCode: data.appCode, details: data.details } } };
      }
      return { result: { data } };
    });
    return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
  });
  vi.stubGlobal("fetch", stub);
  return stub;
}

/** The providers the app wraps every page in: tRPC + React Query, the cart, and a router. */
export function renderWithApp(ui: ReactElement, { routes = {} }: { routes?: Record<string, ReactNode> } = {}): RenderResult {
  const queryClient = createQueryClient();
  const trpcClient = createTrpcClient();
  return render(
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        <CartProvider>
          <MemoryRouter initialEntries={["/"]}>
            <Routes>
              <Route path="/" element={ui} />
              {Object.entries(routes).map(([path, element]) => (
                <Route key={path} path={path} element={element} />
              ))}
            </Routes>
          </MemoryRouter>
        </CartProvider>
      </TRPCProvider>
    </QueryClientProvider>,
  );
}
