import { test as base, expect, type Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { appendFileSync } from "node:fs";
import { createDb, first, type Db } from "../../db/client";
import { users } from "../../db/schema";
import { createSession } from "../../src/server/auth/session";
import { register } from "../../src/server/services/auth";
import { E2E_DATA_DIR } from "./playwright.config";

export const ADMIN = { email: "admin@harvestdraws.test", password: "e2e-admin-password" };

/**
 * The shop's database, opened the way the shop opens it (createDb: WAL, a 5 s busy timeout, foreign
 * keys), for the length of `use`. The server has the same file open meanwhile: WAL lets both read at
 * once, and the services' writes are short transactions that wait their turn instead of failing.
 */
export async function withShopDb<T>(use: (db: Db) => T | Promise<T>, path = `${E2E_DATA_DIR}/shop.db`): Promise<T> {
  const db = createDb(path);
  try {
    return await use(db);
  } finally {
    db.$client.close();
  }
}

/** The seeded admin account, as the actor of back-office services. */
export async function seededAdmin(db: Db): Promise<{ id: string; email: string; firstName: string }> {
  const admin = await first(db.select({ id: users.id, email: users.email, firstName: users.firstName }).from(users).where(eq(users.email, ADMIN.email)));
  if (!admin) throw new Error(`the seeded admin ${ADMIN.email} is missing`);
  return admin;
}

/**
 * Signs a user in without clicking through the form: a customer is registered through the shop's
 * own sign-up service (which opens their session), the admin is the seeded account given a new
 * session. The token is noted for the log scan, which checks that no token reaches the server log.
 * `dbPath` names another shop's database (a journey's own server process); the e2e shop's otherwise.
 */
export async function createSessionFor(
  role: "user" | "admin",
  firstName = "Tess",
  dateOfBirth: string | null = "1984-03-09",
  dbPath?: string,
): Promise<{ token: string; email: string; firstName: string }> {
  const session = await withShopDb(async (db) => {
    if (role === "admin") {
      const admin = await seededAdmin(db);
      return { token: (await createSession(db, admin.id)).token, email: admin.email, firstName: admin.firstName };
    }
    const signedUp = await register(db, {
      email: `shopper-${crypto.randomUUID().slice(0, 8)}@example.test`,
      password: crypto.randomUUID(),
      firstName,
      lastName: "Tester",
      phone: null,
      dateOfBirth,
      address: null,
      city: "Hereford",
      postcode: null,
      country: "United Kingdom",
    });
    return { token: signedUp.token, email: signedUp.user.email, firstName: signedUp.user.firstName };
  }, dbPath);
  appendFileSync(`${E2E_DATA_DIR}/issued-tokens.txt`, `${session.token}\n`);
  return session;
}

/** The token is in place before the app's first request, and only once, so signing out sticks. */
export async function signInAs(page: Page, role: "user" | "admin", firstName?: string, dateOfBirth?: string | null, dbPath?: string) {
  const session = await createSessionFor(role, firstName, dateOfBirth, dbPath);
  await page.addInitScript((token) => {
    // The shop's own documents only: a payment provider's frame (3-D Secure) may not touch the shop's storage.
    if (window !== window.top) return;
    if (sessionStorage.getItem("e2e-signed-in")) return;
    localStorage.setItem("auth_token", token);
    sessionStorage.setItem("e2e-signed-in", "1");
  }, session.token);
  return session;
}

/** Fails the test on an uncaught page error or a console error the test did not expect. */
export const test = base.extend<{ consoleErrors: string[] }>({
  // A page's code starts once the page is painted (src/client/main.tsx); a journey, like a visitor,
  // works the page once it has (the mark is set in src/client/app.tsx). What a visitor types or taps
  // before then is covered by tests/e2e/server-rendered.spec.ts. Pages without the app (an API's JSON),
  // journeys with JavaScript off and a navigation asked to wait only for its commit do not wait.
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const appReady = () => page.waitForFunction(() => !document.getElementById("root") || document.documentElement.dataset.app === "ready");
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (...args) => {
        const response = await goto(...args);
        if (args[1]?.waitUntil !== "commit") await appReady();
        return response;
      };
      page.reload = async (...args) => {
        const response = await reload(...args);
        await appReady();
        return response;
      };
    }
    await use(page);
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("pageerror", (err) => errors.push(`pageerror: ${err.message}`));
      page.on("console", (msg) => {
        if (msg.type() !== "error") return;
        const text = msg.text();
        // The browser logs every refused request; refusals a test provokes on purpose (a declined
        // card 402, a wrong answer 422, a rule 403/409, a wrong password 401, a limit 429) are not faults.
        // A 404 or a 500 still fails the test.
        if (/status of (401|402|403|409|422|429)/.test(text)) return;
        errors.push(text);
      });
      await use(errors);
      expect(errors, "unexpected errors in the browser console").toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * A page whose document is answered 404 on purpose (the 404 page, an unknown competition): the browser
 * logs that refusal once, which is not a fault. Removes exactly that one line from the errors.
 */
export function expectedDocument404(consoleErrors: string[]): void {
  const at = consoleErrors.findIndex((e) => /status of 404/.test(e));
  expect(at, "the browser logged the document's 404").toBeGreaterThanOrEqual(0);
  consoleErrors.splice(at, 1);
}

export { expect };
