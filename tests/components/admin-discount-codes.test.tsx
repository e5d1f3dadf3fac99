// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast as sonner } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AdminDiscountCodesPage } from "../../src/client/routes/admin/admin-discount-codes-page";
import type { DiscountCodeView } from "../../src/shared/schemas/discounts";
import { refusal, stubTrpcFetch, type TrpcAnswers } from "./render";
import { renderAt } from "./render-at";

const code = (over: Partial<DiscountCodeView>): DiscountCodeView => ({
  id: "dc-1",
  code: "SPRING10",
  description: "",
  kind: "percent",
  percent: 10,
  amount: null,
  minSpend: null,
  competitionIds: [],
  categories: [],
  startsAt: null,
  endsAt: null,
  maxUses: null,
  maxUsesPerCustomer: null,
  firstOrderOnly: false,
  active: true,
  used: 0,
  discountGiven: "0.00",
  state: "active",
  createdAt: "2026-03-01T10:00:00.000Z",
  updatedAt: "2026-03-01T10:00:00.000Z",
  ...over,
});

const CODES: DiscountCodeView[] = [
  code({ id: "dc-1", code: "SPRING10", percent: 10, used: 3, maxUses: 10, maxUsesPerCustomer: 1, discountGiven: "12.50" }),
  code({
    id: "dc-2",
    code: "FIVEOFF",
    kind: "fixed",
    percent: null,
    amount: "5.00",
    minSpend: "20.00",
    firstOrderOnly: true,
    used: 7,
    state: "scheduled",
    competitionIds: ["comp-1"],
    startsAt: "2026-12-01T09:00:00.000Z",
  }),
];

/** The reads the page and its dialog make: the codes, the competitions and categories a code may apply to. */
function answers(list: DiscountCodeView[], writes: TrpcAnswers = {}): TrpcAnswers {
  return {
    "admin.discountCodes.list": () => list,
    "admin.competitions.list": () => [{ id: "comp-1", title: "Win a Tractor", category: "Automotive", status: "active" }],
    "admin.categories.list": () => [{ id: "cat-1", name: "Automotive", description: null, isActive: true, createdAt: "2026-01-01T00:00:00.000Z" }],
    ...writes,
  };
}

const open = () => renderAt("/admin/discount-codes", { "/admin/discount-codes": <AdminDiscountCodesPage /> });
const card = (name: string) => screen.findByRole("article", { name });

describe("/admin/discount-codes", () => {
  afterEach(() => {
    sonner.dismiss();
  });

  it("lists each code with what it takes off, its state, its uses, its limits and what it has given", async () => {
    stubTrpcFetch(answers(CODES));
    open();

    const spring = within(await card("SPRING10"));
    expect(spring.getByText("10% off")).toBeTruthy();
    expect(spring.getByText("Active")).toBeTruthy();
    expect(spring.getByText("3 of 10 used")).toBeTruthy();
    expect(spring.getByText("Once each")).toBeTruthy();
    expect(spring.getByText("£12.50 given")).toBeTruthy();
    expect(spring.getByText("All competitions")).toBeTruthy();

    const five = within(await card("FIVEOFF"));
    expect(five.getByText("£5.00 off")).toBeTruthy();
    expect(five.getByText("Scheduled")).toBeTruthy();
    expect(five.getByText("7 used")).toBeTruthy();
    expect(five.getByText("£20.00")).toBeTruthy();
    expect(five.getByText("Yes")).toBeTruthy();
    expect(await five.findByText("Win a Tractor")).toBeTruthy();
  });

  it("says so when there are no codes yet", async () => {
    stubTrpcFetch(answers([]));
    open();
    expect(await screen.findByText("No discount codes yet")).toBeTruthy();
  });

  it("creates a percentage code from the dialog and says so", async () => {
    const user = userEvent.setup();
    const created: unknown[] = [];
    stubTrpcFetch(
      answers([], {
        "admin.discountCodes.create": (input) => {
          created.push(input);
          return code({ code: "SUMMER10" });
        },
      }),
    );
    open();

    await user.click(await screen.findByRole("button", { name: "Add Code" }));
    const dialog = await screen.findByRole("dialog", { name: "Add Discount Code" });
    await user.type(within(dialog).getByLabelText("Code"), "summer10");
    await user.type(within(dialog).getByLabelText("Percentage off"), "10");
    await user.type(within(dialog).getByLabelText("Minimum spend"), "15.00");
    await user.type(within(dialog).getByLabelText("Uses per customer"), "2");
    await user.click(within(dialog).getByLabelText("First order only"));
    await user.click(within(dialog).getByRole("button", { name: "Create Code" }));

    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toEqual({
      code: "SUMMER10",
      description: "",
      kind: "percent",
      percent: 10,
      amount: null,
      minSpend: "15.00",
      competitionIds: [],
      categories: [],
      startsAt: null,
      endsAt: null,
      maxUses: null,
      maxUsesPerCustomer: 2,
      firstOrderOnly: true,
      active: true,
    });
    expect(await screen.findByText("Discount code created")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("asks for the value of the chosen type before sending anything", async () => {
    const user = userEvent.setup();
    const create = vi.fn();
    stubTrpcFetch(answers([], { "admin.discountCodes.create": create }));
    open();

    await user.click(await screen.findByRole("button", { name: "Add Code" }));
    const dialog = await screen.findByRole("dialog", { name: "Add Discount Code" });
    await user.type(within(dialog).getByLabelText("Code"), "FLAT5");
    await user.selectOptions(within(dialog).getByLabelText("Type"), "Fixed amount");
    expect(within(dialog).queryByLabelText("Percentage off")).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: "Create Code" }));

    expect(await within(dialog).findByText("Enter the amount off, above zero")).toBeTruthy();
    expect(within(dialog).getByLabelText("Amount off").getAttribute("aria-invalid")).toBe("true");
    expect(create).not.toHaveBeenCalled();
  });

  it("shows the server's refusal under the Code field", async () => {
    const user = userEvent.setup();
    const taken = "A discount code with that name already exists";
    stubTrpcFetch(answers(CODES, { "admin.discountCodes.create": () => refusal("ALREADY_EXISTS", taken, { fieldErrors: { code: [taken] } }) }));
    open();

    await user.click(await screen.findByRole("button", { name: "Add Code" }));
    const dialog = await screen.findByRole("dialog", { name: "Add Discount Code" });
    const field = within(dialog).getByLabelText("Code");
    await user.type(field, "SPRING10");
    await user.type(within(dialog).getByLabelText("Percentage off"), "5");
    await user.click(within(dialog).getByRole("button", { name: "Create Code" }));

    await waitFor(() => expect(field.getAttribute("aria-invalid")).toBe("true"));
    const described = field.getAttribute("aria-describedby") ?? "";
    expect(document.getElementById(described)?.textContent).toBe(taken);
    // Still open, with what was typed, to be put right.
    expect(screen.getByRole("dialog", { name: "Add Discount Code" })).toBeTruthy();
    expect((field as HTMLInputElement).value).toBe("SPRING10");
  });

  it("edits a code, sending the form's fields with its id, and deletes one after asking", async () => {
    const user = userEvent.setup();
    const updated: unknown[] = [];
    const removed: unknown[] = [];
    stubTrpcFetch(
      answers(CODES, {
        "admin.discountCodes.update": (input) => {
          updated.push(input);
          return CODES[0];
        },
        "admin.discountCodes.remove": (input) => {
          removed.push(input);
          return { success: true };
        },
      }),
    );
    open();

    await user.click(within(await card("SPRING10")).getByRole("button", { name: "Edit" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Discount Code" });
    const total = within(dialog).getByLabelText("Total uses");
    expect((total as HTMLInputElement).value).toBe("10");
    await user.clear(total);
    await user.type(total, "50");
    await user.click(within(dialog).getByRole("button", { name: "Save Changes" }));

    await waitFor(() => expect(updated).toHaveLength(1));
    expect(updated[0]).toEqual({
      id: "dc-1",
      code: "SPRING10",
      description: "",
      kind: "percent",
      percent: 10,
      amount: null,
      minSpend: null,
      competitionIds: [],
      categories: [],
      startsAt: null,
      endsAt: null,
      maxUses: 50,
      maxUsesPerCustomer: 1,
      firstOrderOnly: false,
      active: true,
    });
    expect(await screen.findByText("Discount code updated")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    const confirm = vi.fn(() => true);
    vi.stubGlobal("confirm", confirm);
    await user.click(within(await card("FIVEOFF")).getByRole("button", { name: "Delete" }));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete the discount code "FIVEOFF"?');
    await waitFor(() => expect(removed).toEqual([{ id: "dc-2" }]));
    expect(await screen.findByText("Discount code deleted")).toBeTruthy();
  });
});
