// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { AdminLayout } from "../../src/client/routes/admin/admin-layout";
import { AdminMessagesPage } from "../../src/client/routes/admin/admin-messages-page";
import type { AuthUser } from "../../src/shared/schemas/auth";
import type { MailStatus } from "../../src/shared/schemas/mail";
import { stubTrpcFetch } from "./render";
import { renderAt } from "./render-at";

const ADMIN: AuthUser = {
  id: "admin-1",
  email: "admin@harvestdraws.test",
  firstName: "Ada",
  lastName: "Min",
  role: "admin",
  phone: null,
  dateOfBirth: null,
  address: null,
  city: null,
  postcode: null,
  country: "United Kingdom",
  emailVerified: true,
  marketingEmail: false,
  createdAt: "2026-01-01T00:00:00.000Z",
};

const status = (over: Partial<MailStatus>): MailStatus => ({
  sending: false,
  configured: false,
  failing: false,
  queued: 0,
  failed: 0,
  failingSince: null,
  lastError: null,
  lastSentAt: null,
  ...over,
});

function openAdmin(mail: MailStatus) {
  const asked = { status: 0 };
  stubTrpcFetch({
    "public.auth.session": () => ADMIN,
    "admin.mail.status": () => (asked.status++, mail),
    "admin.reports.messages": () => [],
    "admin.reports.outbox": () => [
      {
        id: "m1",
        to: "gwen@example.test",
        subject: "Your Harvest Draws entry is confirmed",
        text: "Tickets 1, 2",
        status: "queued",
        attempts: 0,
        createdAt: "2026-11-26T10:00:00.000Z",
        sentAt: null,
      },
    ],
  });
  renderAt("/admin", { "/admin": <AdminLayout />, "/admin/messages": <AdminMessagesPage />, "/admin/mail": <p>Mail page</p> });
  return asked;
}

const banner = () => screen.findByRole("region", { name: "Mail is not being sent" });

describe("the admin's mail banner", () => {
  it("says mail is not being sent without SMTP_URL, how much is waiting, and opens the outbox", async () => {
    const user = userEvent.setup();
    openAdmin(status({ queued: 3 }));
    const region = within(await banner());
    expect(region.getByText(/SMTP_URL is not set, so no email leaves the shop/)).toBeTruthy();
    expect(region.getByText(/3 messages are waiting in the outbox\./)).toBeTruthy();

    await user.click(region.getByRole("link", { name: "Open the outbox" }));
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/admin/messages?tab=outbox"));
    expect((await screen.findByRole("tab", { name: "Mail Outbox" })).getAttribute("aria-selected")).toBe("true");
    expect(await screen.findByText("To gwen@example.test")).toBeTruthy();
  });

  it("says since when the SMTP server has been failing and its last error, with the mail given up on", async () => {
    openAdmin(
      status({
        configured: true,
        failing: true,
        queued: 1,
        failed: 2,
        failingSince: "2026-11-26T09:05:00.000Z",
        lastError: "connect ECONNREFUSED 10.0.0.5:587",
      }),
    );
    const region = within(await banner());
    expect(region.getByText(/The mail server \(SMTP_URL\) has been failing since 26 Nov 2026, \d\d:05\./)).toBeTruthy();
    expect(
      region.getByText(/1 message is waiting in the outbox and will go once it takes mail again\. 2 messages were given up on and need a Retry\./),
    ).toBeTruthy();
    expect(region.getByText("connect ECONNREFUSED 10.0.0.5:587")).toBeTruthy();
    expect(region.getByRole("link", { name: "See failed mail" }).getAttribute("href")).toBe("/admin/mail");
  });

  it("is not there while mail is leaving, even with mail given up on (the Mail page lists that)", async () => {
    const asked = openAdmin(status({ sending: true, configured: true, failed: 1, lastSentAt: "2026-11-26T09:05:00.000Z" }));
    await waitFor(() => expect(asked.status).toBe(1));
    // Its answer has been rendered (a tick for React Query), and there is no banner.
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole("region", { name: "Mail is not being sent" })).toBeNull();
    expect(screen.queryByText(/SMTP_URL/)).toBeNull();
  });
});
