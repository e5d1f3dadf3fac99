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

const PRIZES: AdminCompetition["instantPrizes"] = [
  { name: "£10 site credit", kind: "credit", value: "10.00", count: 10 },
  { name: "Cordless drill", kind: "physical", value: "150.00", count: 2 },
];

/** An instant-win competition as the admin reads it: 2,000 tickets at random, twelve instant prizes, nothing sold yet. */
function campaign(overrides: Partial<AdminCompetition> = {}): AdminCompetition {
  return {
    ...publicCompetition({ title: "Win a Farm Quad", price: "1.99", maxTickets: 2000, allocation: "random", instantWin: true, allowPostalEntry: false }),
    heldTickets: 0,
    qualifyingAnswer: null,
    revenue: "0.00",
    paidEntries: 0,
    poolFrozen: false,
    reopenBlockedReason: null,
    instantPrizes: PRIZES,
    instantWinnersInDraw: false,
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

const field = (n: number, name: "Name" | "Kind" | "Value (£)" | "Count") => screen.getByLabelText(`Instant prize ${n} ${name}`) as HTMLInputElement;
const addPrize = () => screen.getByRole("button", { name: "Add an instant prize" });
const openTab = (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole("tab", { name: "Instant Wins" }));

async function fillPrize(user: ReturnType<typeof userEvent.setup>, n: number, prize: { name: string; kind: string; value: string; count: string }) {
  await user.type(field(n, "Name"), prize.name);
  await user.selectOptions(field(n, "Kind"), prize.kind);
  await user.type(field(n, "Value (£)"), prize.value);
  await user.clear(field(n, "Count"));
  await user.type(field(n, "Count"), prize.count);
}

/** Everything Basic Info and Postal Entry need for a new campaign to save, with `maxTickets` as given. */
async function fillNewCampaign(user: ReturnType<typeof userEvent.setup>, maxTickets: string) {
  await user.type(await screen.findByLabelText("Title"), "Win a Drip Kit");
  await user.type(screen.getByLabelText("Description"), "Irrigation for an acre.");
  await user.clear(screen.getByLabelText("Price"));
  await user.type(screen.getByLabelText("Price"), "1.99");
  await user.selectOptions(screen.getByLabelText("Category"), "Home & Garden");
  await user.type(screen.getByLabelText("Image URL"), "/drip-kit.jpg");
  fireEvent.change(screen.getByLabelText("Start Date"), { target: { value: "2030-06-01T10:00" } });
  fireEvent.change(screen.getByLabelText("End Date"), { target: { value: "2030-06-08T18:00" } });
  fireEvent.change(screen.getByLabelText("Draw Date"), { target: { value: "2030-06-08T20:00" } });
  if (maxTickets) await user.type(screen.getByLabelText("Max Tickets"), maxTickets);
  await user.click(screen.getByRole("tab", { name: "Postal Entry" }));
  await user.type(screen.getByLabelText("Postal Address"), "Harvest Draws\nPO Box 1\nLincoln");
}

describe("The campaign dialog's Instant Wins tab", () => {
  it("adds and removes prize rows, sums them up and shows the competition will be an instant win", async () => {
    renderDialog(null);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Max Tickets"), "2000");
    await openTab(user);

    await user.click(addPrize());
    await user.click(addPrize());
    await user.click(addPrize());
    await fillPrize(user, 1, { name: "£10 site credit", kind: "credit", value: "10", count: "10" });
    await fillPrize(user, 2, { name: "Spare prize", kind: "cash", value: "5", count: "1" });
    await fillPrize(user, 3, { name: "Cordless drill", kind: "physical", value: "125", count: "2" });
    expect(screen.getByText("13 instant prizes worth £355.00 in all")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Remove instant prize 2" }));
    expect(screen.queryByLabelText("Instant prize 3 Name")).toBeNull();
    expect(field(2, "Name").value).toBe("Cordless drill");
    expect(field(2, "Kind").value).toBe("physical");
    expect(screen.getByText("12 instant prizes worth £350.00 in all")).toBeTruthy();

    await user.click(screen.getByRole("tab", { name: "Basic Info" }));
    const instantWin = screen.getByRole("checkbox", { name: "Instant Win" }) as HTMLInputElement;
    expect(instantWin.checked).toBe(true);
    expect(instantWin.disabled).toBe(true);
  });

  it("is disabled with the reason until there is a maximum and random numbers", async () => {
    renderDialog(null);
    const user = userEvent.setup();
    await screen.findByLabelText("Max Tickets");
    await openTab(user);
    expect(screen.getByText(/^Set Max Tickets on Basic Info first/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Add an instant prize" })).toBeNull();
    expect((screen.getByRole("checkbox", { name: "Instant winners stay in the main draw" }) as HTMLInputElement).disabled).toBe(true);

    await user.click(screen.getByRole("tab", { name: "Basic Info" }));
    await user.type(screen.getByLabelText("Max Tickets"), "500");
    await user.selectOptions(screen.getByLabelText("Ticket Numbers"), "sequential");
    await openTab(user);
    expect(screen.getByText(/^Choose Ticket Numbers at random on Basic Info/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Add an instant prize" })).toBeNull();

    await user.click(screen.getByRole("tab", { name: "Basic Info" }));
    await user.selectOptions(screen.getByLabelText("Ticket Numbers"), "random");
    await openTab(user);
    expect(addPrize()).toBeTruthy();
    expect((screen.getByRole("checkbox", { name: "Instant winners stay in the main draw" }) as HTMLInputElement).checked).toBe(true);
  });

  it("sends the instant prizes and whether their winners stay in the draw when creating, leaving empty rows out", async () => {
    const { sent } = renderDialog(null);
    const user = userEvent.setup();
    await fillNewCampaign(user, "500");
    await openTab(user);
    await user.click(addPrize());
    await user.click(addPrize());
    await user.click(addPrize());
    await fillPrize(user, 1, { name: "£10 site credit", kind: "credit", value: "10.00", count: "20" });
    await fillPrize(user, 3, { name: "£100 cash", kind: "cash", value: "100", count: "1" });
    await user.click(screen.getByRole("checkbox", { name: "Instant winners stay in the main draw" }));
    await user.click(screen.getByRole("button", { name: "Create Campaign" }));

    await waitFor(() => expect(sent("admin.competitions.create")).toHaveLength(1));
    expect(sent("admin.competitions.create")[0]).toMatchObject({
      maxTickets: "500",
      instantWin: true,
      instantWinnersInDraw: false,
      instantPrizes: [
        { name: "£10 site credit", kind: "credit", value: "10.00", count: 20 },
        { name: "£100 cash", kind: "cash", value: "100", count: 1 },
      ],
    });
  });

  it("says what is wrong with a prize before anything is sent", async () => {
    const { sent } = renderDialog(null);
    const user = userEvent.setup();
    await fillNewCampaign(user, "10");
    await openTab(user);
    await user.click(addPrize());
    await fillPrize(user, 1, { name: "£1 site credit", kind: "credit", value: "1", count: "11" });
    expect(screen.getByText("At most 10 instant prizes in all")).toBeTruthy();

    await user.clear(field(1, "Count"));
    await user.type(field(1, "Count"), "5");
    await user.clear(field(1, "Name"));
    await user.click(screen.getByRole("button", { name: "Create Campaign" }));
    expect(await screen.findByText("Name each instant prize")).toBeTruthy();
    expect(field(1, "Name").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByRole("tab", { name: "Instant Wins" }).getAttribute("aria-selected")).toBe("true");
    expect(sent("admin.competitions.create")).toEqual([]);
  });

  it("shows a competition's instant prizes and sends them back unchanged when they are not touched", async () => {
    const stored = campaign();
    const { sent } = renderDialog(stored);
    const user = userEvent.setup();
    await screen.findByLabelText("Title");
    await openTab(user);

    expect(field(1, "Name").value).toBe("£10 site credit");
    expect(field(1, "Kind").value).toBe("credit");
    expect(field(1, "Value (£)").value).toBe("10.00");
    expect(field(1, "Count").value).toBe("10");
    expect(field(2, "Name").value).toBe("Cordless drill");
    expect(screen.getByText("12 instant prizes worth £400.00 in all")).toBeTruthy();
    expect((screen.getByRole("checkbox", { name: "Instant winners stay in the main draw" }) as HTMLInputElement).checked).toBe(false);

    await user.click(screen.getByRole("button", { name: "Update Campaign" }));
    await waitFor(() => expect(sent("admin.competitions.update")).toHaveLength(1));
    const input = sent("admin.competitions.update")[0] as Record<string, unknown>;
    expect(input.id).toBe(stored.id);
    expect(input.instantPrizes).toEqual(stored.instantPrizes);
    expect(input.instantWinnersInDraw).toBe(false);
    expect(input.instantWin).toBe(true);
  });

  it("is read-only once tickets are sold, and still sends the prizes back as they were", async () => {
    const stored = campaign({ soldTickets: 3, heldTickets: 1 });
    const { sent } = renderDialog(stored);
    const user = userEvent.setup();
    await screen.findByLabelText("Title");
    await openTab(user);

    expect(screen.getByText("Instant prizes are fixed once tickets are sold: their winning numbers were published before the first sale.")).toBeTruthy();
    for (const name of ["Name", "Kind", "Value (£)", "Count"] as const) expect(field(1, name).disabled).toBe(true);
    expect(screen.queryByRole("button", { name: "Add an instant prize" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Remove instant prize 1" })).toBeNull();
    expect((screen.getByRole("checkbox", { name: "Instant winners stay in the main draw" }) as HTMLInputElement).disabled).toBe(true);

    await user.click(screen.getByRole("button", { name: "Update Campaign" }));
    await waitFor(() => expect(sent("admin.competitions.update")).toHaveLength(1));
    expect((sent("admin.competitions.update")[0] as Record<string, unknown>).instantPrizes).toEqual(stored.instantPrizes);
  });

  it("shows the server's refusal about instant prizes on the tab", async () => {
    const message = "This competition has sales, so its instant prizes (and the numbers they are on) can no longer be changed";
    renderDialog(campaign(), { "admin.competitions.update": () => refusal("HAS_SALES", message) });
    const user = userEvent.setup();
    await screen.findByLabelText("Title");
    await openTab(user);
    await user.clear(field(2, "Count"));
    await user.type(field(2, "Count"), "3");
    await user.click(screen.getByRole("tab", { name: "Basic Info" }));
    await user.click(screen.getByRole("button", { name: "Update Campaign" }));

    const prizes = await screen.findByRole("group", { name: "Instant prizes" });
    expect(await within(prizes).findByText(message)).toBeTruthy();
    expect(screen.getByRole("tab", { name: "Instant Wins" }).getAttribute("aria-selected")).toBe("true");
    expect(field(2, "Count").getAttribute("aria-invalid")).toBe("true");
  });

  it("shows the code of practice's refusal of too many instant-win competitions on the tab", async () => {
    const message =
      "Instant-win competitions would be 2 of the 3 competitions on sale. The code of practice keeps them under half: put more other competitions on sale first.";
    renderDialog(campaign(), { "admin.competitions.update": () => refusal("INVALID_STATE", message) });
    const user = userEvent.setup();
    await screen.findByLabelText("Title");
    await user.click(screen.getByRole("button", { name: "Update Campaign" }));
    const prizes = await screen.findByRole("group", { name: "Instant prizes" });
    expect(await within(prizes).findByText(message)).toBeTruthy();
  });

  it("shows how many instant prizes a campaign has on its card", async () => {
    stubTrpcFetch({});
    renderWithApp(<CampaignCard campaign={campaign()} onEdit={() => {}} onRelist={() => {}} />);
    expect(await screen.findByText("Instant wins: 12 prizes")).toBeTruthy();
  });
});
