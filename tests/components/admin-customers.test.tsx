// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast as sonner } from "sonner";
import { afterEach, describe, expect, it } from "vitest";
import { AdminCustomerPage } from "../../src/client/routes/admin/admin-customer-page";
import { AdminCustomersPage } from "../../src/client/routes/admin/admin-customers-page";
import type { CustomerRecord, CustomerSummary } from "../../src/shared/schemas/customers";
import { adminClaim as claimFactory } from "../factories/claims";
import { refusal, stubTrpcFetch } from "./render";
import { renderAt } from "./render-at";
import { orderReference } from "../../src/shared/order-reference";

const PEOPLE: CustomerSummary[] = Array.from({ length: 30 }, (_, i) => ({
  id: `user-${i + 1}`,
  firstName: i === 29 ? "Rosa" : `Grower${i + 1}`,
  lastName: i === 29 ? "Barley" : "Fielding",
  email: i === 29 ? "rosa@barley.test" : `grower${i + 1}@example.test`,
  phone: null,
  postcode: i === 29 ? "HR6 8AB" : "LN1 1AA",
  city: "Lincoln",
  role: "user",
  emailVerified: i % 2 === 0,
  isActive: true,
  createdAt: "2025-03-01T10:00:00.000Z",
}));

/** admin.customers.list as the server answers it: matched on name, email or postcode (spaces ignored), 25 a page. */
function list(input: unknown) {
  const { search = "", page = 1 } = (input ?? {}) as { search?: string; page?: number };
  const q = search.toLowerCase().replace(/\s/g, "");
  const found = PEOPLE.filter(
    (c) => !q || [`${c.firstName}${c.lastName}`, c.email, c.postcode ?? ""].some((v) => v.toLowerCase().replace(/\s/g, "").includes(q)),
  );
  return { customers: found.slice((page - 1) * 25, page * 25), total: found.length, page, pageSize: 25 };
}

const location = () => screen.getByTestId("location").textContent;
const tableRows = () => within(screen.getByRole("table")).getAllByRole("row").slice(1);

describe("the customers list", () => {
  it("pages 25 at a time with Previous/Next, and a search narrows it and goes into the URL", async () => {
    const user = userEvent.setup();
    stubTrpcFetch({ "admin.customers.list": list });
    renderAt("/admin/customers", { "/admin/customers": <AdminCustomersPage /> });

    expect(await screen.findByText(/Showing 1–25 of 30/)).toBeTruthy();
    expect(tableRows()).toHaveLength(25);
    expect((screen.getByRole("button", { name: "Previous" }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText(/Showing 26–30 of 30/)).toBeTruthy();
    expect(location()).toBe("/admin/customers?page=2");
    expect(tableRows()).toHaveLength(5);
    expect((screen.getByRole("button", { name: "Next" }) as HTMLButtonElement).disabled).toBe(true);

    await user.type(screen.getByLabelText("Search customers"), "hr68ab");
    await waitFor(() => expect(location()).toBe("/admin/customers?search=hr68ab"));
    expect(await screen.findByText(/Showing 1–1 of 1/)).toBeTruthy();
    const link = within(screen.getByRole("table")).getByRole("link", { name: "Rosa Barley" });
    expect(link.getAttribute("href")).toBe("/admin/customers/user-30");
    expect(within(tableRows()[0]!).getByText("HR6 8AB")).toBeTruthy();
  });

  it("opens filtered from a shared link, and says so when nobody matches", async () => {
    stubTrpcFetch({ "admin.customers.list": list });
    renderAt("/admin/customers?search=nobody", { "/admin/customers": <AdminCustomersPage /> });
    expect(await screen.findByText("No customers match")).toBeTruthy();
    expect((screen.getByLabelText("Search customers") as HTMLInputElement).value).toBe("nobody");
  });
});

function record(): CustomerRecord {
  return {
    profile: {
      id: "user-30",
      firstName: "Rosa",
      lastName: "Barley",
      email: "rosa@barley.test",
      emailVerified: true,
      phone: "07700 900123",
      dateOfBirth: "1980-05-04",
      address: "Top Field Farm",
      city: "Leominster",
      postcode: "HR6 8AB",
      country: "United Kingdom",
      role: "user",
      isActive: true,
      marketingEmail: true,
      createdAt: "2025-03-01T10:00:00.000Z",
      closedAt: null,
    },
    orders: [
      {
        id: "order-paid-1234abcd",
        orderId: "order-paid-1234abcd",
        reference: orderReference("order-paid-1234abcd"),
        status: "paid",
        amount: "5.00",
        currency: "GBP",
        createdAt: "2025-11-21T14:05:00.000Z",
        lines: [
          {
            entryId: "e1",
            competitionId: "c1",
            competitionTitle: "Win a Tractor",
            quantity: 2,
            amount: "5.00",
            unitPrice: "2.50",
            saving: "0.00",
            discount: "0.00",
            ticketNumbers: ["7", "8"],
            status: "paid",
          },
        ],
        creditUsed: "0.00",
        discount: "0.00",
        discountCode: null,
        payment: null,
        refunds: [],
        nextAction: null,
        instantWins: [],
      },
      {
        id: "order-failed-99",
        orderId: "order-failed-99",
        reference: orderReference("order-failed-99"),
        status: "failed",
        amount: "2.50",
        currency: "GBP",
        createdAt: "2025-11-20T14:05:00.000Z",
        lines: [],
        creditUsed: "0.00",
        discount: "0.00",
        discountCode: null,
        payment: null,
        refunds: [],
        nextAction: null,
        instantWins: [],
      },
    ],
    entries: [],
    wins: [],
    claims: [],
    protection: {
      suspension: null,
      monthlyLimit: null,
      pendingIncrease: null,
      spentThisMonth: "5.00",
      remainingThisMonth: null,
      restricted: false,
      restrictionReason: null,
      suspendedUntil: null,
      suspensionKind: null,
    },
    complaints: [],
    activeSessions: 2,
    audit: [],
    notes: [],
  };
}

describe("a customer's record", () => {
  afterEach(() => {
    sonner.dismiss();
  });

  it("resends a paid order's confirmation and says to whom; a failed order has no resend", async () => {
    const user = userEvent.setup();
    const resent: unknown[] = [];
    stubTrpcFetch({
      "admin.customers.get": () => record(),
      "admin.customers.resendConfirmation": (input) => {
        resent.push(input);
        return { ok: true, to: "rosa@barley.test" };
      },
    });
    renderAt("/admin/customers/user-30", { "/admin/customers/:id": <AdminCustomerPage /> });

    expect(await screen.findByRole("heading", { name: "Rosa Barley", level: 1 })).toBeTruthy();
    expect(screen.getByText("Email verified")).toBeTruthy();
    const resend = screen.getAllByRole("button", { name: /^Resend confirmation of order/ });
    expect(resend).toHaveLength(1);
    await user.click(resend[0]!);
    expect(await screen.findByText("Confirmation sent to rosa@barley.test")).toBeTruthy();
    expect(resent).toEqual([{ id: "order-paid-1234abcd" }]);
  });

  it("lists the customer's prize claims with the actions staff take on /admin/winners", async () => {
    const user = userEvent.setup();
    const updates: unknown[] = [];
    stubTrpcFetch({
      "admin.customers.get": () => ({ ...record(), claims: [claimFactory({ id: "claim-9", competitionTitle: "Win a Quad Bike", status: "notified" })] }),
      "admin.claims.update": (input) => {
        updates.push(input);
        return claimFactory({ id: "claim-9", status: "notified", contactedAt: "2025-11-22T10:00:00.000Z" });
      },
    });
    renderAt("/admin/customers/user-30", { "/admin/customers/:id": <AdminCustomerPage /> });
    const claims = await screen.findByRole("region", { name: "Prize claims (1)" });
    expect(within(claims).getAllByText("Win a Quad Bike").length).toBeGreaterThan(0);
    expect(within(claims).getAllByText("Awaiting claim").length).toBeGreaterThan(0);
    await user.click(within(claims).getAllByRole("button", { name: "Record contact for Rosa Barley" })[0]!);
    const dialog = await screen.findByRole("dialog", { name: "Record contact" });
    await user.type(within(dialog).getByLabelText("How you reached them"), "Phoned her");
    await user.click(within(dialog).getByRole("button", { name: "Record contact" }));
    await waitFor(() => expect(updates).toEqual([{ id: "claim-9", status: "notified", note: "Phoned her" }]));
  });

  it("says so when the customer has no prize claims", async () => {
    stubTrpcFetch({ "admin.customers.get": () => record() });
    renderAt("/admin/customers/user-30", { "/admin/customers/:id": <AdminCustomerPage /> });
    const claims = await screen.findByRole("region", { name: "Prize claims (0)" });
    expect(within(claims).getByText("No prize claims.")).toBeTruthy();
  });

  it("shows the server's reason when the confirmation cannot be sent", async () => {
    const user = userEvent.setup();
    stubTrpcFetch({
      "admin.customers.get": () => record(),
      "admin.customers.resendConfirmation": () => refusal("INVALID_STATE", "Only a paid order has a confirmation to send again."),
    });
    renderAt("/admin/customers/user-30", { "/admin/customers/:id": <AdminCustomerPage /> });
    await user.click(await screen.findByRole("button", { name: /^Resend confirmation of order/ }));
    expect(await screen.findByText("Only a paid order has a confirmation to send again.")).toBeTruthy();
  });
});
