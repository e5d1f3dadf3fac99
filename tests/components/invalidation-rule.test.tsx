// @vitest-environment happy-dom
import { useMutation, useQuery } from "@tanstack/react-query";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { readsRefreshedBy, REFRESH } from "../../src/client/lib/query-client";
import { useTRPC } from "../../src/client/lib/trpc";
import { refusal, renderWithApp, stubTrpcFetch } from "./render";

/** The procedure paths each request asked for, in order (a batch counts each of its calls). */
function callsTo(fetch: ReturnType<typeof stubTrpcFetch>): string[] {
  return fetch.mock.calls.flatMap(([input]) =>
    decodeURIComponent(new URL(String(input), "http://localhost").pathname.replace(/^\/api\/trpc\//, "")).split(","),
  );
}
const count = (fetch: ReturnType<typeof stubTrpcFetch>, path: string) => callsTo(fetch).filter((p) => p === path).length;

/** An admin screen: the campaign list, the shop's list, the winners list, and a Close button on one campaign. */
function AdminScreen() {
  const trpc = useTRPC();
  const campaigns = useQuery(trpc.admin.competitions.list.queryOptions());
  const shop = useQuery(trpc.public.competitions.list.queryOptions());
  const winners = useQuery(trpc.admin.winners.list.queryOptions());
  const close = useMutation(trpc.admin.competitions.update.mutationOptions());
  const ready = campaigns.isSuccess && shop.isSuccess && winners.isSuccess;
  return (
    <button type="button" disabled={!ready} onClick={() => close.mutate({ id: "comp-1", status: "closed" } as never, { onError: () => {} })}>
      Close campaign
    </button>
  );
}

/** A signed-out visitor's page with the session, a customer read, and a sign-in button. */
function SignInScreen() {
  const trpc = useTRPC();
  const session = useQuery(trpc.public.auth.session.queryOptions());
  const entries = useQuery(trpc.customer.notifications.unreadCount.queryOptions({ userId: "user-1" }));
  const shop = useQuery(trpc.public.competitions.list.queryOptions());
  const login = useMutation(trpc.public.auth.login.mutationOptions({ meta: REFRESH.signedIn }));
  const plainContact = useMutation(trpc.public.contact.send.mutationOptions());
  const ready = session.isSuccess && entries.isSuccess && shop.isSuccess;
  return (
    <>
      <button type="button" disabled={!ready} onClick={() => login.mutate({ email: "a@example.com", password: "x" } as never)}>
        Sign in
      </button>
      <button type="button" disabled={!ready} onClick={() => plainContact.mutate({} as never)}>
        Send message
      </button>
      <output data-testid="contact">{plainContact.status}</output>
    </>
  );
}

const adminAnswers = (updated: () => unknown) => ({
  "admin.competitions.list": () => [],
  "public.competitions.list": () => [],
  "admin.winners.list": () => [],
  "admin.competitions.update": updated,
});

describe("one invalidation rule: a write refreshes what it changed", () => {
  it("a write under admin.competitions refetches that domain's reads on screen and the shop's list, and leaves the winners alone", async () => {
    const user = userEvent.setup();
    const fetch = stubTrpcFetch(adminAnswers(() => ({ id: "comp-1" })));
    renderWithApp(<AdminScreen />);
    const button = await screen.findByRole("button", { name: "Close campaign" });
    await waitFor(() => expect(button).toHaveProperty("disabled", false));
    expect(count(fetch, "admin.competitions.list")).toBe(1);

    await user.click(button);

    await waitFor(() => expect(count(fetch, "admin.competitions.list")).toBe(2));
    await waitFor(() => expect(count(fetch, "public.competitions.list")).toBe(2));
    expect(count(fetch, "admin.competitions.update")).toBe(1);
    expect(count(fetch, "admin.winners.list")).toBe(1);
  });

  it("a refused write refreshes nothing unless it declares so", async () => {
    const user = userEvent.setup();
    const fetch = stubTrpcFetch(adminAnswers(() => refusal("INVALID_STATE", "That campaign has been drawn.")));
    renderWithApp(<AdminScreen />);
    const button = await screen.findByRole("button", { name: "Close campaign" });
    await waitFor(() => expect(button).toHaveProperty("disabled", false));

    await user.click(button);

    await waitFor(() => expect(count(fetch, "admin.competitions.update")).toBe(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(count(fetch, "admin.competitions.list")).toBe(1);
    expect(count(fetch, "public.competitions.list")).toBe(1);
  });

  it("a declared exception: signing in refetches the session and every customer read, not the shop's lists", async () => {
    const user = userEvent.setup();
    const fetch = stubTrpcFetch({
      "public.auth.session": () => null,
      "customer.notifications.unreadCount": () => ({ count: 0 }),
      "public.competitions.list": () => [],
      "public.auth.login": () => ({ token: "t", user: { id: "user-1" } }),
    });
    renderWithApp(<SignInScreen />);
    const button = await screen.findByRole("button", { name: "Sign in" });
    await waitFor(() => expect(button).toHaveProperty("disabled", false));

    await user.click(button);

    await waitFor(() => expect(count(fetch, "public.auth.session")).toBe(2));
    await waitFor(() => expect(count(fetch, "customer.notifications.unreadCount")).toBe(2));
    expect(count(fetch, "public.competitions.list")).toBe(1);
  });

  it("a visitor's public call that declares nothing refreshes nothing", async () => {
    const user = userEvent.setup();
    const fetch = stubTrpcFetch({
      "public.auth.session": () => null,
      "customer.notifications.unreadCount": () => ({ count: 0 }),
      "public.competitions.list": () => [],
      "public.contact.send": () => ({ ok: true }),
    });
    renderWithApp(<SignInScreen />);
    const button = await screen.findByRole("button", { name: "Send message" });
    await waitFor(() => expect(button).toHaveProperty("disabled", false));

    await user.click(button);

    await waitFor(() => expect(screen.getByTestId("contact").textContent).toBe("success"));
    await new Promise((r) => setTimeout(r, 50));
    expect(count(fetch, "public.auth.session")).toBe(1);
    expect(count(fetch, "public.competitions.list")).toBe(1);
  });

  it("reads each write refreshes, by path", () => {
    expect(readsRefreshedBy(["admin", "winners", "create"], undefined, false)).toEqual([
      "admin.winners",
      "admin.reports",
      "admin.claims",
      "public.content.winners",
      "public.content.statistics",
    ]);
    expect(readsRefreshedBy(["customer", "protection", "takeBreak"], undefined, false)).toEqual(["customer.protection"]);
    expect(readsRefreshedBy(["customer", "entries", "trackView"], { refreshes: [] }, false)).toEqual([]);
    expect(readsRefreshedBy(["admin", "draws", "run"], { refreshesOnError: true }, true)).toContain("public.draws");
    expect(readsRefreshedBy(["public", "entries", "checkoutCart"], REFRESH.checkout, false)).toEqual([]);
    expect(readsRefreshedBy(["public", "entries", "checkoutCart"], REFRESH.checkout, true)).toContain("public.competitions.numbers");
  });
});
