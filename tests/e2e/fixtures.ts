import { test as base, expect, type Page } from "@playwright/test";
import Database from "better-sqlite3";
import { appendFileSync } from "node:fs";
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { E2E_DATA_DIR } from "./playwright.config";
import { sessionIdFromToken } from "../../src/server/auth/session";

export const ADMIN = { email: "admin@harvestdraws.test", password: "e2e-admin-password" };

/**
 * Signs a user in by writing a session row straight into the shop's database (no clicking through
 * the form), then hands the browser the token the way the app keeps it.
 */
export function createSessionFor(role: "user" | "admin", firstName = "Tess", dateOfBirth: string | null = "1984-03-09"): { token: string; email: string; firstName: string } {
  const db = new Database(`${E2E_DATA_DIR}/shop.db`);
  db.pragma("busy_timeout = 5000");
  try {
    const now = Date.now();
    let userId: string;
    let email: string;
    if (role === "admin") {
      const row = db.prepare("select id, email, first_name from users where role = 'admin' limit 1").get() as { id: string; email: string; first_name: string };
      userId = row.id;
      email = row.email;
      firstName = row.first_name;
    } else {
      userId = crypto.randomUUID();
      email = `shopper-${userId.slice(0, 8)}@example.test`;
      db.prepare(
        "insert into users (id, email, password_hash, first_name, last_name, date_of_birth, city, country, role, is_active, email_verified, created_at, updated_at) values (?, ?, 'x', ?, 'Tester', ?, 'Hereford', 'United Kingdom', 'user', 1, 0, ?, ?)",
      ).run(userId, email, firstName, dateOfBirth, now, now);
    }
    const bytes = crypto.getRandomValues(new Uint8Array(20));
    const token = encodeBase32LowerCaseNoPadding(bytes);
    const id = sessionIdFromToken(token);
    db.prepare("insert into sessions (id, user_id, expires_at, created_at) values (?, ?, ?, ?)").run(id, userId, now + 30 * 86400000, now);
    appendFileSync(`${E2E_DATA_DIR}/issued-tokens.txt`, `${token}\n`);
    return { token, email, firstName };
  } finally {
    db.close();
  }
}

/** The token is in place before the app's first request, and only once, so signing out sticks. */
export async function signInAs(page: Page, role: "user" | "admin", firstName?: string, dateOfBirth?: string | null) {
  const session = createSessionFor(role, firstName, dateOfBirth);
  await page.addInitScript((token) => {
    if (sessionStorage.getItem("e2e-signed-in")) return;
    localStorage.setItem("auth_token", token);
    sessionStorage.setItem("e2e-signed-in", "1");
  }, session.token);
  return session;
}

/** Fails the test on an uncaught page error or a console error the test did not expect. */
export const test = base.extend<{ consoleErrors: string[] }>({
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

export { expect };
