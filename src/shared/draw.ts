/**
 * The draw method of COMPLIANCE.md (commit, freeze, reveal), written once for both the server and
 * the browser's Verify button. Uses only Web Crypto, so it runs in Node 20 and any modern browser.
 */

const encoder = new TextEncoder();

export function hexToBytes(hex: string): Uint8Array {
  if (!/^(?:[0-9a-f]{2})*$/.test(hex)) throw new Error("not lowercase hex");
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

export function bytesToHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

async function sha256(data: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", data as BufferSource));
}

/** commitment = hex(SHA-256(seed bytes)). */
export async function commitmentOf(seedHex: string): Promise<string> {
  return bytesToHex(await sha256(hexToBytes(seedHex)));
}

/** Ticket-number strings in ascending numeric order. */
export function sortPool(tickets: string[]): string[] {
  return [...tickets].sort((a, b) => {
    const x = BigInt(a);
    const y = BigInt(b);
    return x < y ? -1 : x > y ? 1 : 0;
  });
}

/** poolHash = hex(SHA-256(tickets joined with "\n", no trailing newline)). */
export async function poolHashOf(pool: string[]): Promise<string> {
  return bytesToHex(await sha256(encoder.encode(pool.join("\n"))));
}

const TWO_48 = 2 ** 48;

export interface DrawnWinner {
  k: number;
  index: number;
  ticketNumber: string;
}

/**
 * For the k-th winner try c = 0, 1, 2, …: h = HMAC-SHA256(seed, poolHash[:beacon]:k:c); x = the first
 * 6 bytes of h as a big-endian integer; accept x < floor(2^48 / n) * n and take pool[x mod n], unless
 * that ticket has already won.
 */
export async function drawWinners(seedHex: string, pool: string[], poolHash: string, count: number, beacon: string | null = null): Promise<DrawnWinner[]> {
  const n = pool.length;
  if (n === 0) return [];
  const key = await crypto.subtle.importKey("raw", hexToBytes(seedHex) as BufferSource, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const limit = Math.floor(TWO_48 / n) * n;
  const taken = new Set<number>();
  const winners: DrawnWinner[] = [];
  for (let k = 0; k < Math.min(count, n); k++) {
    for (let c = 0; ; c++) {
      const message = beacon === null ? `${poolHash}:${k}:${c}` : `${poolHash}:${beacon}:${k}:${c}`;
      const h = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(message)));
      const x = h[0]! * 2 ** 40 + h[1]! * 2 ** 32 + h[2]! * 2 ** 24 + h[3]! * 2 ** 16 + h[4]! * 2 ** 8 + h[5]!;
      if (x >= limit) continue;
      const index = x % n;
      if (taken.has(index)) continue;
      taken.add(index);
      winners.push({ k, index, ticketNumber: pool[index]! });
      break;
    }
  }
  return winners;
}

export interface DrawRecord {
  commitment: string;
  seed: string | null;
  pool: string[] | null;
  poolHash: string | null;
  poolSize: number | null;
  beacon: string | null;
  winners: Array<{ k: number; index: number; ticketNumber: string }>;
}

export interface Verification {
  ok: boolean;
  checks: Array<{ name: string; ok: boolean; detail: string }>;
}

/** Recomputes a published draw from its parts; every check must pass. */
export async function verifyDraw(record: DrawRecord): Promise<Verification> {
  const checks: Verification["checks"] = [];
  if (!record.seed || !record.pool || !record.poolHash) {
    return { ok: false, checks: [{ name: "published", ok: false, detail: "The draw has not been run yet." }] };
  }
  const commitment = await commitmentOf(record.seed);
  checks.push({ name: "commitment", ok: commitment === record.commitment, detail: `SHA-256(seed) = ${commitment}` });
  const sorted = sortPool(record.pool);
  checks.push({ name: "pool order", ok: sorted.join("\n") === record.pool.join("\n"), detail: "The pool is in ascending numeric order." });
  const poolHash = await poolHashOf(record.pool);
  checks.push({
    name: "pool hash",
    ok: poolHash === record.poolHash && (record.poolSize === null || record.poolSize === record.pool.length),
    detail: `SHA-256(pool) = ${poolHash}`,
  });
  const recomputed = await drawWinners(record.seed, record.pool, record.poolHash, record.winners.length, record.beacon);
  const same =
    recomputed.length === record.winners.length &&
    recomputed.every((w, i) => w.index === record.winners[i]!.index && w.ticketNumber === record.winners[i]!.ticketNumber && w.k === record.winners[i]!.k);
  checks.push({
    name: "winners",
    ok: same,
    detail: recomputed.map((w) => `winner ${w.k + 1}: index ${w.index}, ticket ${w.ticketNumber}`).join("; ") || "no winners",
  });
  return { ok: checks.every((c) => c.ok), checks };
}
