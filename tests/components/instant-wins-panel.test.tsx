// @vitest-environment happy-dom
import { useQuery } from "@tanstack/react-query";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { InstantWinsPanel } from "../../src/client/components/competition/instant-wins-panel";
import { useTRPC } from "../../src/client/lib/trpc";
import { commitmentRootOf, instantCommitmentOf } from "../../src/shared/instant-wins";
import type { InstantWinsView } from "../../src/shared/schemas/instant-wins";
import { renderWithApp, stubTrpcFetch } from "./render";

const COMPETITION = "comp-instant";
const salt = (n: number) => n.toString(16).padStart(64, "0");

interface UnitSpec {
  name: string;
  kind: "cash" | "credit" | "physical";
  value: string;
  number: string;
  winner?: { name: string; at: string };
  /** Won, then void (the winning entry refunded): its number and salt stay shown. */
  voidedAt?: string;
}

/** Three £10 credits (two won) and a £100 cash prize (not won), committed as the server commits them. */
const UNITS: UnitSpec[] = [
  { name: "£10 site credit", kind: "credit", value: "10.00", number: "17", winner: { name: "Ada L. from Hereford", at: "2025-07-21T14:05:00.000Z" } },
  { name: "£10 site credit", kind: "credit", value: "10.00", number: "42", winner: { name: "Tom B.", at: "2025-07-22T09:30:00.000Z" } },
  { name: "£10 site credit", kind: "credit", value: "10.00", number: "73" },
  { name: "£100 cash", kind: "cash", value: "100.00", number: "5" },
];

async function proof(over: Partial<InstantWinsView> = {}, units: UnitSpec[] = UNITS): Promise<InstantWinsView> {
  const prizes = await Promise.all(
    units.map(async (u, i) => ({
      unitId: `unit-${i}`,
      name: u.name,
      kind: u.kind,
      value: u.value,
      commitment: await instantCommitmentOf(COMPETITION, u.number, salt(i + 1)),
      won: u.winner !== undefined,
      ticketNumber: u.winner || u.voidedAt ? u.number : null,
      salt: u.winner || u.voidedAt ? salt(i + 1) : null,
      winnerDisplayName: u.winner?.name ?? null,
      wonAt: u.winner?.at ?? null,
      voided: u.voidedAt !== undefined,
      voidedAt: u.voidedAt ?? null,
    })),
  );
  return {
    competitionId: COMPETITION,
    commitmentRoot: await commitmentRootOf(prizes.map((p) => p.commitment)),
    // 09:00 UTC is 10:00 in London in summer.
    committedAt: "2025-07-01T09:00:00.000Z",
    revealed: false,
    winnersStayInDraw: true,
    prizes,
    ...over,
  };
}

/** Says when the panel's read has its answer (the same query, so the same cache entry). */
function Answered() {
  const trpc = useTRPC();
  const query = useQuery(trpc.public.competitions.instantWins.queryOptions({ id: COMPETITION }));
  return query.data ? <p>answered</p> : null;
}

async function renderPanel(view: InstantWinsView) {
  stubTrpcFetch({ "public.competitions.instantWins": () => view });
  renderWithApp(<InstantWinsPanel competitionId={COMPETITION} />);
  return screen.findByTestId("instant-wins");
}

describe("InstantWinsPanel", () => {
  it("shows each prize's won and left counts, the winners so far and when the numbers were fixed", async () => {
    const view = await proof();
    const panel = await renderPanel(view);

    expect(within(panel).getByRole("heading", { name: "Instant Wins" })).toBeTruthy();
    const prizes = within(panel)
      .getAllByRole("listitem")
      .filter((li) => li.closest("ul")?.getAttribute("aria-label") === "Instant prizes");
    expect(prizes.map((li) => li.textContent)).toEqual(["£10 site credit — 2 won · 1 left", "£100 cash — 0 won · 1 left"]);

    const winners = within(within(panel).getByRole("list", { name: "Instant winners" })).getAllByRole("listitem");
    expect(winners).toHaveLength(2);
    // The latest first.
    expect(winners[0]!.textContent).toBe("Tom B.Ticket #42£10 site credit22 Jul 2025");
    expect(winners[1]!.textContent).toBe("Ada L. from HerefordTicket #17£10 site credit21 Jul 2025");

    expect(panel.textContent).toContain(
      "Every winning number was fixed before the first ticket was sold, on 1 July 2025 at 10:00, and published as a fingerprint",
    );
    expect(within(panel).getByTestId("instant-commitment-root").textContent).toBe(view.commitmentRoot);
    expect(panel.textContent).toContain("Instant winners also stay in the main draw.");
  });

  it("says when a winning ticket leaves the main draw, and that unwon prizes were not won once sales close", async () => {
    const panel = await renderPanel(await proof({ winnersStayInDraw: false, revealed: true }));
    expect(panel.textContent).toContain("A ticket that wins an instant prize leaves the main draw.");
    expect(panel.textContent).toContain("2 won · 1 not won");
    expect(panel.textContent).not.toContain("Instant winners also stay in the main draw.");
  });

  it("lists a unit made void by a refund apart from the winners, says what becomes of it, and it still verifies", async () => {
    const units = UNITS.map((u) => (u.number === "73" ? { ...u, voidedAt: "2025-07-23T11:00:00.000Z" } : u));
    const panel = await renderPanel(await proof({}, units));
    expect(panel.textContent).toContain("£10 site credit — 2 won · 1 void · 0 left");
    expect(within(within(panel).getByRole("list", { name: "Instant winners" })).getAllByRole("listitem")).toHaveLength(2);
    const voided = within(within(panel).getByRole("list", { name: "Void instant prizes" })).getAllByRole("listitem");
    expect(voided.map((li) => li.textContent)).toEqual(["£10 site creditTicket #73Void since 23 Jul 2025: the winning entry was refunded"]);
    expect(within(panel).getByTestId("instant-void-rule").textContent).toContain("Nobody wins it instead");
    await userEvent.click(screen.getByRole("button", { name: "Verify" }));
    expect((await screen.findByTestId("instant-verify-result")).textContent).toBe(
      "Verified: the 3 revealed numbers match their commitments, and the commitments match the root.",
    );
  });

  it("Verify recomputes the revealed numbers' commitments and the root in the browser", async () => {
    await renderPanel(await proof());
    await userEvent.click(screen.getByRole("button", { name: "Verify" }));
    const result = await screen.findByTestId("instant-verify-result");
    expect(result.textContent).toBe("Verified: the 2 revealed numbers match their commitments, and the commitments match the root.");
  });

  it("Verify fails, naming the ticket, when a revealed number was altered", async () => {
    const view = await proof();
    const moved = { ...view, prizes: view.prizes.map((p) => (p.unitId === "unit-1" ? { ...p, ticketNumber: "43" } : p)) };
    await renderPanel(moved);
    await userEvent.click(screen.getByRole("button", { name: "Verify" }));
    const result = await screen.findByTestId("instant-verify-result");
    expect(result.textContent).toContain("Not verified");
    expect(result.textContent).toContain("Ticket #43 (£10 site credit) does not match its commitment.");
    expect(result.textContent).not.toContain("commitment root");
  });

  it("Verify fails when the commitments do not give the published root", async () => {
    const view = await proof();
    await renderPanel({ ...view, commitmentRoot: "0".repeat(64) });
    await userEvent.click(screen.getByRole("button", { name: "Verify" }));
    const result = await screen.findByTestId("instant-verify-result");
    expect(result.textContent).toContain("Not verified");
    expect(result.textContent).toContain("The commitments listed do not hash to the commitment root.");
  });

  it("shows nothing for a competition without instant prizes", async () => {
    stubTrpcFetch({
      "public.competitions.instantWins": () => ({
        competitionId: COMPETITION,
        commitmentRoot: null,
        committedAt: null,
        revealed: false,
        winnersStayInDraw: true,
        prizes: [],
      }),
    });
    renderWithApp(
      <>
        <InstantWinsPanel competitionId={COMPETITION} />
        <Answered />
      </>,
    );
    await screen.findByText("answered");
    expect(screen.queryByTestId("instant-wins")).toBeNull();
    expect(screen.queryByText("Instant Wins")).toBeNull();
  });
});
