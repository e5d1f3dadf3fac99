// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { CampaignCard } from "../../src/client/components/admin/campaigns/campaign-card";
import { CampaignDialog } from "../../src/client/components/admin/campaigns/campaign-dialog";
import { DEFAULT_MEDIA_SETTINGS } from "../../src/client/lib/upload";
import type { AdminCompetition } from "../../src/shared/schemas/admin";
import { publicCompetition } from "../factories/public-competition";
import { refusal, renderWithApp, stubTrpcFetch, type TrpcAnswers } from "./render";

/** A competition as the admin reads it: £1.99 a ticket, 2,000 at most, buyers choose their numbers, two multibuy prices, 120 sold. */
function campaign(overrides: Partial<AdminCompetition> = {}): AdminCompetition {
  return {
    ...publicCompetition({
      title: "Win a Farm Quad",
      price: "1.99",
      maxTickets: 2000,
      soldTickets: 120,
      allocation: "random",
      pickNumbers: true,
      priceTiers: [
        { minQuantity: 10, pricePerTicket: "1.79" },
        { minQuantity: 25, pricePerTicket: "1.49" },
      ],
    }),
    heldTickets: 0,
    qualifyingAnswer: null,
    revenue: "238.80",
    paidEntries: 30,
    poolFrozen: false,
    reopenBlockedReason: null,
    instantPrizes: [],
    instantWinnersInDraw: true,
    ...overrides,
  };
}

/** Renders the dialog with the admin API stubbed; `sent` collects the bodies of the create and update calls as they went over the wire. */
function renderDialog(editing: AdminCompetition | null, answers: TrpcAnswers = {}) {
  const fetch = stubTrpcFetch({
    "admin.categories.list": () => [],
    "public.content.mediaSettings": () => DEFAULT_MEDIA_SETTINGS,
    "admin.competitions.create": () => campaign(),
    "admin.competitions.update": () => campaign(),
    ...answers,
  });
  renderWithApp(<CampaignDialog open campaign={editing} onClose={() => {}} />);
  const sent = (path: string) =>
    fetch.mock.calls.filter(([url]) => String(url).includes(path)).map(([, init]) => (JSON.parse(String(init?.body)) as Record<string, unknown>)["0"]);
  return { sent };
}

const quantity = (n: number) => screen.getByRole("spinbutton", { name: `Multibuy ${n} tickets` });
const each = (n: number) => screen.getByRole("spinbutton", { name: `Multibuy ${n} £ each` });
const addTier = () => screen.getByRole("button", { name: "Add a multibuy price" });

async function fillTier(user: ReturnType<typeof userEvent.setup>, n: number, minQuantity: string, price: string) {
  await user.type(quantity(n), minQuantity);
  await user.type(each(n), price);
}

describe("Multibuy prices and chosen numbers in the campaign dialog", () => {
  it("adds and removes multibuy rows, each with what a buyer saves", async () => {
    renderDialog(null);
    const user = userEvent.setup();
    await user.clear(await screen.findByLabelText("Price"));
    await user.type(screen.getByLabelText("Price"), "1.99");

    await user.click(addTier());
    await user.click(addTier());
    await fillTier(user, 1, "10", "1.79");
    await fillTier(user, 2, "25", "1.49");
    expect(screen.getByText("10+ tickets: £1.79 each (save £0.20 a ticket)")).toBeTruthy();
    expect(screen.getByText("25+ tickets: £1.49 each (save £0.50 a ticket)")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Remove multibuy 1" }));
    expect(screen.queryByRole("spinbutton", { name: "Multibuy 2 tickets" })).toBeNull();
    expect((quantity(1) as HTMLInputElement).value).toBe("25");
    expect((each(1) as HTMLInputElement).value).toBe("1.49");
    expect(screen.queryByText(/^10\+ tickets/)).toBeNull();
  });

  it("says what is wrong in the server's words before anything is sent", async () => {
    const { sent } = renderDialog(null);
    const user = userEvent.setup();
    await user.clear(await screen.findByLabelText("Price"));
    await user.type(screen.getByLabelText("Price"), "1.99");
    await user.click(addTier());
    await fillTier(user, 1, "10", "2.50");

    expect(screen.getByText("A multibuy price may not be above the ticket price")).toBeTruthy();
    expect(quantity(1).getAttribute("aria-invalid")).toBe("true");

    await user.click(screen.getByRole("button", { name: "Create Campaign" }));
    expect(screen.getByText("A multibuy price may not be above the ticket price")).toBeTruthy();
    expect(sent("admin.competitions.create")).toEqual([]);

    await user.clear(each(1));
    await user.type(each(1), "1.79");
    expect(screen.queryByText("A multibuy price may not be above the ticket price")).toBeNull();
  });

  it("sends the multibuy prices and chosen numbers when creating, leaving empty rows out", async () => {
    const { sent } = renderDialog(null);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Title"), "Win a Drip Kit");
    await user.type(screen.getByLabelText("Description"), "Irrigation for an acre.");
    await user.clear(screen.getByLabelText("Price"));
    await user.type(screen.getByLabelText("Price"), "1.99");
    await user.selectOptions(screen.getByLabelText("Category"), "Home & Garden");
    await user.type(screen.getByLabelText("Image URL"), "/drip-kit.jpg");
    fireEvent.change(screen.getByLabelText("Start Date"), { target: { value: "2030-06-01T10:00" } });
    fireEvent.change(screen.getByLabelText("End Date"), { target: { value: "2030-06-08T18:00" } });
    fireEvent.change(screen.getByLabelText("Draw Date"), { target: { value: "2030-06-08T20:00" } });

    const choose = screen.getByRole("checkbox", { name: "Buyers choose their numbers" });
    expect((choose as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText("Set Max Tickets first: buyers choose from 1 to the maximum.")).toBeTruthy();
    await user.type(screen.getByLabelText("Max Tickets"), "500");
    expect((choose as HTMLInputElement).disabled).toBe(false);
    await user.click(choose);
    expect((screen.getByLabelText("Ticket Numbers") as HTMLSelectElement).value).toBe("random");

    await user.click(addTier());
    await user.click(addTier());
    await user.click(addTier());
    await fillTier(user, 1, "10", "1.79");
    await fillTier(user, 3, "25", "1.49");

    await user.click(screen.getByRole("tab", { name: "Postal Entry" }));
    await user.type(screen.getByLabelText("Postal Address"), "Harvest Draws\nPO Box 1\nLincoln");
    await user.click(screen.getByRole("button", { name: "Create Campaign" }));

    await waitFor(() => expect(sent("admin.competitions.create")).toHaveLength(1));
    expect(sent("admin.competitions.create")[0]).toMatchObject({
      price: "1.99",
      maxTickets: "500",
      allocation: "random",
      pickNumbers: true,
      priceTiers: [
        { minQuantity: 10, pricePerTicket: "1.79" },
        { minQuantity: 25, pricePerTicket: "1.49" },
      ],
    });
  });

  it("shows a competition's multibuy prices and sends them back unchanged when they are not touched", async () => {
    const stored = campaign();
    const { sent } = renderDialog(stored);
    const user = userEvent.setup();

    expect(await screen.findByText("Prices can only go down once tickets are sold")).toBeTruthy();
    expect((quantity(1) as HTMLInputElement).value).toBe("10");
    expect((each(1) as HTMLInputElement).value).toBe("1.79");
    expect((quantity(2) as HTMLInputElement).value).toBe("25");
    expect((each(2) as HTMLInputElement).value).toBe("1.49");
    expect((screen.getByRole("checkbox", { name: "Buyers choose their numbers" }) as HTMLInputElement).checked).toBe(true);

    await user.click(screen.getByRole("button", { name: "Update Campaign" }));
    await waitFor(() => expect(sent("admin.competitions.update")).toHaveLength(1));
    const input = sent("admin.competitions.update")[0] as Record<string, unknown>;
    expect(input.id).toBe(stored.id);
    expect(input.priceTiers).toEqual(stored.priceTiers);
    expect(input.pickNumbers).toBe(true);
  });

  it("shows the server's refusal on the multibuy prices", async () => {
    const message = "This competition has sales, so its prices can only go down: 25 tickets would cost more each than before";
    renderDialog(campaign(), { "admin.competitions.update": () => refusal("HAS_SALES", message) });
    const user = userEvent.setup();
    await user.clear(await screen.findByRole("spinbutton", { name: "Multibuy 2 £ each" }));
    await user.type(each(2), "1.59");
    await user.click(screen.getByRole("button", { name: "Update Campaign" }));

    const fieldset = screen.getByRole("group", { name: "Multibuy prices" });
    expect(await within(fieldset).findByText(message)).toBeTruthy();
    expect(each(2).getAttribute("aria-invalid")).toBe("true");
  });

  it("shows the multibuy prices and chosen numbers on the campaign card", async () => {
    stubTrpcFetch({});
    renderWithApp(<CampaignCard campaign={campaign()} onEdit={() => {}} onRelist={() => {}} />);
    expect(await screen.findByText("Multibuy: 10+ £1.79, 25+ £1.49")).toBeTruthy();
    expect(screen.getByText("Numbers: chosen by buyers")).toBeTruthy();
  });
});
