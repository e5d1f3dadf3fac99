import type { SeedResult } from "./seed";

/** The first admin's password in development, when SEED_ADMIN_PASSWORD is unset: known to anyone who reads this. */
export const DEVELOPMENT_ADMIN_PASSWORD = "harvest-admin";

/**
 * The password the seed gives the first admin: SEED_ADMIN_PASSWORD when set; the known development
 * default only under NODE_ENV=development; otherwise none, so the seed generates a random one.
 */
export function seedAdminPassword(env: { NODE_ENV: string; SEED_ADMIN_PASSWORD?: string }): string | undefined {
  return env.SEED_ADMIN_PASSWORD ?? (env.NODE_ENV === "development" ? DEVELOPMENT_ADMIN_PASSWORD : undefined);
}

/**
 * What the terminal is told about signing in as the first admin, the same for `npm start` and
 * `npm run db:reset`. A password is printed only when it is a fresh random one (once, as it is made)
 * or the development default under NODE_ENV=development; SEED_ADMIN_PASSWORD's value is never echoed.
 */
export function adminSignInLines(seeded: SeedResult, env: { NODE_ENV: string; SEED_ADMIN_EMAIL: string; SEED_ADMIN_PASSWORD?: string }): string[] {
  const admin = seeded.admin;
  if (!admin) return [`Admin sign-in: ${env.SEED_ADMIN_EMAIL} (password as set when the database was first seeded)`];
  if (admin.generated) return [`Admin sign-in: ${admin.email} / ${admin.password}`, `(generated now and shown only once: note it down)`];
  if (env.SEED_ADMIN_PASSWORD === undefined && env.NODE_ENV === "development" && admin.password === DEVELOPMENT_ADMIN_PASSWORD) {
    return [`Admin sign-in: ${admin.email} / ${admin.password} (the development default)`];
  }
  return [`Admin sign-in: ${admin.email} with the password set in SEED_ADMIN_PASSWORD`];
}
