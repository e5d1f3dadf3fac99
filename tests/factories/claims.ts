import type { AdminClaim, CustomerClaim } from "../../src/shared/schemas/claims";

const DAY = 24 * 60 * 60 * 1000;

/** A claim as its winner reads it: just drawn (two days ago), waiting to be claimed, no cash alternative. */
export function customerClaim(overrides: Partial<CustomerClaim> = {}): CustomerClaim {
  const id = overrides.id ?? "claim-1";
  const competitionId = overrides.competitionId ?? "comp-1";
  return {
    id,
    winnerId: `winner-of-${id}`,
    competitionId,
    competitionTitle: "Win a Compact Tractor",
    competitionImage: "/images/tractor.jpg",
    prize: "A 25 hp compact tractor with loader",
    cashAlternative: null,
    status: "notified",
    ticketNumber: "0042",
    notifiedAt: new Date(Date.now() - 2 * DAY).toISOString(),
    expiresAt: new Date(Date.now() + 26 * DAY).toISOString(),
    choice: null,
    phone: null,
    address: null,
    deliverable: null,
    claimedAt: null,
    fulfilledAt: null,
    fulfilment: null,
    reference: null,
    expiredAt: null,
    expiryReason: null,
    verifyUrl: `/competition/${competitionId}/draw`,
    ...overrides,
  };
}

/** The same claim as staff see it: a winner with an account, not contacted, not overdue. */
export function adminClaim(overrides: Partial<AdminClaim> = {}): AdminClaim {
  return {
    ...customerClaim(overrides),
    customerName: "Rosa Barley",
    customerEmail: "rosa@barley.test",
    userId: "user-30",
    contactedAt: null,
    contactNote: null,
    overdue: false,
    reminder48hAt: null,
    reminder7dAt: null,
    fulfilBy: overrides.choice === "cash" ? "paid" : "delivered",
    ...overrides,
  };
}
