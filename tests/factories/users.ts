import { first, type Db } from "../../db/client";
import { users, type Role, type User } from "../../db/schema";
import { hashPassword } from "../../src/server/auth/password";
import { createSession } from "../../src/server/auth/session";

export const DEFAULT_PASSWORD = "correct-horse";
let hashed: Promise<string> | null = null;
let n = 0;

/** Hashing is deliberately slow, so factories hash the default password once per process. */
function defaultHash(): Promise<string> {
  hashed ??= hashPassword(DEFAULT_PASSWORD);
  return hashed;
}

export async function createUser(db: Db, overrides: Partial<typeof users.$inferInsert> & { role?: Role } = {}): Promise<User> {
  n += 1;
  const user = await first(
    db
      .insert(users)
      .values({
        email: `user${n}-${crypto.randomUUID().slice(0, 8)}@example.test`,
        firstName: `First${n}`,
        lastName: `Last${n}`,
        passwordHash: await defaultHash(),
        dateOfBirth: "1985-06-15",
        ...overrides,
      })
      .returning(),
  );
  return user!;
}

export async function createUserWithSession(db: Db, role: Role = "user") {
  const user = await createUser(db, { role });
  const { token, session } = await createSession(db, user.id);
  return { user, token, session };
}
