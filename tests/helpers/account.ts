import { TRPCError } from "@trpc/server";
import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { mailOutbox } from "../../db/schema";
import { validateSessionToken } from "../../src/server/auth/session";
import { AppError } from "../../src/server/errors";
import { createCaller } from "../../src/server/routers/_app";
import { createContextInner } from "../../src/server/trpc/context";

export const SHOP = "https://shop.example";
export const CHROME_ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";
export const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

export interface CallOptions {
  now?: Date;
  userAgent?: string;
  /** Each caller gets an address of its own unless told, so per-address limits of one test do not touch another. */
  ip?: string;
}

let ipCounter = 0;
const nextIp = () => `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter++ & 255}`;

function base(db: Db, o: CallOptions) {
  return {
    db,
    origin: SHOP,
    ip: o.ip ?? nextIp(),
    userAgent: o.userAgent ?? null,
    now: o.now ? () => o.now! : undefined,
  };
}

/** A signed-out caller on the shop's origin (mailed links are absolute). */
export function anonCaller(db: Db, o: CallOptions = {}) {
  return createCaller(createContextInner(base(db, o)));
}

/** The caller a browser holding this session token would be. */
export async function tokenCaller(db: Db, token: string, o: CallOptions = {}) {
  const { user, session } = await validateSessionToken(db, token, o.now);
  if (!user) throw new Error("the token names no live session");
  return createCaller(createContextInner({ ...base(db, o), user, session, authSource: "header" }));
}

export async function mailsTo(db: Db, to: string) {
  return await db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.createdAt));
}

/** The token of the first `path?token=…` link in a mail's text. */
export function linkToken(text: string, path: "/auth/reset" | "/auth/verify" | "/unsubscribe"): string {
  const match = new RegExp(`${path.replace(/\//g, "\\/")}\\?token=([A-Za-z0-9_-]+)`).exec(text);
  if (!match) throw new Error(`no ${path} link in:\n${text}`);
  return match[1]!;
}

/** The domain code and message of a refused call (through tRPC or straight from a service). */
export async function refusedWith(promise: Promise<unknown>): Promise<{ appCode: string | undefined; code: string; message: string }> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof TRPCError) return { appCode: err.cause instanceof AppError ? err.cause.code : undefined, code: err.code, message: err.message };
    if (err instanceof AppError) return { appCode: err.code, code: err.code, message: err.message };
    throw err;
  }
  throw new Error("expected the call to be refused, but it succeeded");
}

export const registration = (email: string, over: Record<string, unknown> = {}) => ({
  email,
  password: "first-pass-1",
  confirmPassword: "first-pass-1",
  firstName: "Ffion",
  lastName: "Morgan",
  phone: "07700 900456",
  address: "Pant Farm",
  city: "Machynlleth",
  postcode: "SY20 8AA",
  country: "",
  dateOfBirth: "1990-04-02",
  ...over,
});
