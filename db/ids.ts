import { randomFillSync } from "node:crypto";

/**
 * Time-ordered UUIDs (RFC 9562 version 7): 48 bits of Unix milliseconds, then random bits. New rows
 * land at the end of every index keyed by id instead of at a random page, so a write touches fewer
 * pages. Within one millisecond a counter in the next 12 bits keeps them increasing.
 */
const bytes = new Uint8Array(16);
let lastMs = 0;
let seq = 0;
// Random bytes drawn from the system in blocks (as crypto.randomUUID does), not one call per id.
const pool = new Uint8Array(16 * 256);
let poolAt = pool.length;

export function uuidv7(now = Date.now()): string {
  if (poolAt + 16 > pool.length) {
    randomFillSync(pool);
    poolAt = 0;
  }
  bytes.set(pool.subarray(poolAt, poolAt + 16));
  poolAt += 16;
  if (now <= lastMs) {
    seq += 1;
    if (seq > 0xfff) {
      // 4096 ids in one millisecond: borrow the next one.
      lastMs += 1;
      seq = 0;
    }
    now = lastMs;
  } else {
    lastMs = now;
    seq = bytes[6]! & 0x07; // start low so the counter has room
  }
  bytes[0] = (now / 2 ** 40) & 0xff;
  bytes[1] = (now / 2 ** 32) & 0xff;
  bytes[2] = (now >>> 24) & 0xff;
  bytes[3] = (now >>> 16) & 0xff;
  bytes[4] = (now >>> 8) & 0xff;
  bytes[5] = now & 0xff;
  bytes[6] = 0x70 | (seq >>> 8);
  bytes[7] = seq & 0xff;
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  let hex = "";
  for (let i = 0; i < 16; i++) hex += (bytes[i]! < 16 ? "0" : "") + bytes[i]!.toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
