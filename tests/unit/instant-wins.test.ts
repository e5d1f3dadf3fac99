import { describe, expect, it } from "vitest";
import { commitmentRootSync, instantCommitmentSync } from "../../src/server/services/competitions/instant-wins";
import { commitmentRootOf, instantCommitmentOf, verifyInstantProof } from "../../src/shared/instant-wins";

/** The README shows these same vectors. */
const SALT_A = "00".repeat(32);
const SALT_B = "ab".repeat(32);
const A = "e8b25bba059f31dcde3454f16110aa48dcb18169f9cf2fc79bf40f93ba648dae";
const B = "1888df631566f38feaa9c6937bcecd123da13b41cbdb5acea91914063fe0292d";
const ROOT = "dace5e950390cb3fe3bbe664c7a3857af3b0f3d9e3b386924d18a081848a1fb6";

describe("instant-win commitments", () => {
  it("match the fixed vectors, in the browser's Web Crypto and on the server alike", async () => {
    expect(await instantCommitmentOf("comp-1", "17", SALT_A)).toBe(A);
    expect(await instantCommitmentOf("comp-1", "342", SALT_B)).toBe(B);
    expect(await commitmentRootOf([A, B])).toBe(ROOT);
    expect(instantCommitmentSync("comp-1", "17", SALT_A)).toBe(A);
    expect(commitmentRootSync([A, B])).toBe(ROOT);
  });

  it("verify a proof, and catch a changed number, salt, prize order or root", async () => {
    const units = [
      { unitId: "u1", commitment: A, ticketNumber: "17", salt: SALT_A },
      { unitId: "u2", commitment: B, ticketNumber: null, salt: null },
    ];
    expect(await verifyInstantProof("comp-1", ROOT, units)).toEqual({ rootMatches: true, mismatched: [], revealed: 1 });
    expect((await verifyInstantProof("comp-1", ROOT, [{ ...units[0]!, ticketNumber: "18" }, units[1]!])).mismatched).toEqual(["u1"]);
    expect((await verifyInstantProof("comp-1", ROOT, [{ ...units[0]!, salt: SALT_B }, units[1]!])).mismatched).toEqual(["u1"]);
    // Another competition's id makes every revealed commitment fail: a proof cannot be borrowed.
    expect((await verifyInstantProof("comp-2", ROOT, units)).mismatched).toEqual(["u1"]);
    // Prizes swapped or one dropped: the root no longer matches.
    expect((await verifyInstantProof("comp-1", ROOT, [units[1]!, units[0]!])).rootMatches).toBe(false);
    expect((await verifyInstantProof("comp-1", ROOT, [units[0]!])).rootMatches).toBe(false);
  });
});
