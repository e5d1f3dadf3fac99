import { bytesToHex } from "./draw";

/**
 * Instant wins' proof, written once for the server and the browser's Verify button (Web Crypto only).
 * Each prize unit's winning number is fixed before the first sale and published only as
 * commitment = hex(SHA-256(competitionId + ":" + number + ":" + saltHex)), and all of them as
 * root = hex(SHA-256(the commitments joined by "\n", in prize-unit order)). A unit's number and salt
 * are revealed when it is won, and every unit's when sales close, so anyone can recompute both.
 */

const encoder = new TextEncoder();

async function sha256Hex(text: string): Promise<string> {
  return bytesToHex(new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(text))));
}

/** The text a unit's commitment hashes: "competitionId:number:saltHex". */
export const commitmentText = (competitionId: string, ticketNumber: string, saltHex: string) => `${competitionId}:${ticketNumber}:${saltHex}`;

export function instantCommitmentOf(competitionId: string, ticketNumber: string, saltHex: string): Promise<string> {
  return sha256Hex(commitmentText(competitionId, ticketNumber, saltHex));
}

export function commitmentRootOf(commitments: readonly string[]): Promise<string> {
  return sha256Hex(commitments.join("\n"));
}

export interface InstantProofUnit {
  unitId: string;
  commitment: string;
  ticketNumber: string | null;
  salt: string | null;
}

export interface InstantProofCheck {
  /** The root recomputed from the published commitments equals the published root. */
  rootMatches: boolean;
  /** Units whose revealed number and salt do not hash to their commitment (empty when all agree). */
  mismatched: string[];
  /** How many units had a number and salt to check. */
  revealed: number;
}

/** What the Verify button (and anyone with Node) checks of GET /api/competitions/{id}/instant-wins. */
export async function verifyInstantProof(competitionId: string, commitmentRoot: string, units: readonly InstantProofUnit[]): Promise<InstantProofCheck> {
  const rootMatches = (await commitmentRootOf(units.map((u) => u.commitment))) === commitmentRoot;
  const mismatched: string[] = [];
  let revealed = 0;
  for (const u of units) {
    if (u.ticketNumber === null || u.salt === null) continue;
    revealed++;
    if ((await instantCommitmentOf(competitionId, u.ticketNumber, u.salt)) !== u.commitment) mismatched.push(u.unitId);
  }
  return { rootMatches, mismatched, revealed };
}
