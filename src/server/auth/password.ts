import { hash, verify } from "@node-rs/argon2";

/** argon2id with the OWASP-recommended minimums (19 MiB, 2 passes, 1 lane). */
const OPTIONS = { memoryCost: 19456, timeCost: 2, outputLen: 32, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

/** A real hash of a throwaway password, verified against when an email is unknown so timing does not tell. */
let decoy: Promise<string> | null = null;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(`decoy-${crypto.randomUUID()}`);
  return decoy;
}
