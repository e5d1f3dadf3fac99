// @vitest-environment happy-dom
import { act, render, screen } from "@testing-library/react";
import { Suspense } from "react";
import type { RouteObject } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import { lazyPage, preloadPages } from "../../src/client/lib/lazy-page";

/** A page module that arrives when the test says so, counting how often it is asked for. */
function deferredModule(text: string) {
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const load = vi.fn(async () => {
    await arrived;
    return { Page: () => <h1>{text}</h1> };
  });
  return { load, arrive };
}

describe("pages loaded on demand (src/client/lib/lazy-page.ts)", () => {
  it("suspends while its chunk is on its way, then draws the page", async () => {
    const { load, arrive } = deferredModule("Winners Gallery");
    const Page = lazyPage(load, "Page");
    render(
      <Suspense fallback={<p>Loading...</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText("Loading...")).toBeTruthy();
    await act(async () => arrive());
    expect(await screen.findByRole("heading", { name: "Winners Gallery" })).toBeTruthy();
  });

  it("once loaded ahead, draws the page at once: no fallback, not even for a moment", async () => {
    const { load, arrive } = deferredModule("Competition Details");
    const Page = lazyPage(load, "Page");
    arrive();
    await Page.preload();
    render(
      <Suspense fallback={<p>Loading...</p>}>
        <Page />
      </Suspense>,
    );
    // Synchronously, in the very first render: what hydrating a server-drawn page needs.
    expect(screen.getByRole("heading", { name: "Competition Details" })).toBeTruthy();
    expect(screen.queryByText("Loading...")).toBeNull();
  });

  it("preloads the pages an address matches (a layout's, a route's Component, a page inside Suspense), and no other", async () => {
    const layout = deferredModule("Layout");
    const detail = deferredModule("Detail");
    const landing = deferredModule("Landing");
    const admin = deferredModule("Admin");
    for (const m of [layout, detail, landing, admin]) m.arrive();
    const Layout = lazyPage(layout.load, "Page");
    const Detail = lazyPage(detail.load, "Page");
    const Landing = lazyPage(landing.load, "Page");
    const Admin = lazyPage(admin.load, "Page");
    const routes: RouteObject[] = [
      {
        path: "women-in-agriculture",
        element: (
          <Suspense fallback={null}>
            <Landing />
          </Suspense>
        ),
      },
      {
        element: <Layout />,
        children: [
          { path: "competition/:id", Component: Detail },
          { path: "admin", element: <Admin /> },
        ],
      },
    ];
    await preloadPages(routes, "/competition/abc");
    expect([layout.load.mock.calls.length, detail.load.mock.calls.length, landing.load.mock.calls.length, admin.load.mock.calls.length]).toEqual([1, 1, 0, 0]);
    await preloadPages(routes, "/women-in-agriculture");
    expect(landing.load).toHaveBeenCalledTimes(1);
    await preloadPages(routes, "/no/such/page");
    expect(admin.load).not.toHaveBeenCalled();
  });
});
