import { existsSync, readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { ADMIN } from "./fixtures";
import { E2E_DATA_DIR } from "./playwright.config";
import { CARDS } from "./shop";

// Runs last, by configuration (its project depends on every journey's project): the server's log of the whole run.
test("the server log of the whole run holds no password, token, card number or hash", () => {
  const log = readFileSync(`${E2E_DATA_DIR}/server.log`, "utf8");
  expect(log.length).toBeGreaterThan(1000);
  expect(log).toContain('"reqId"');
  const tokens = existsSync(`${E2E_DATA_DIR}/issued-tokens.txt`) ? readFileSync(`${E2E_DATA_DIR}/issued-tokens.txt`, "utf8").split("\n").filter(Boolean) : [];
  expect(tokens.length).toBeGreaterThan(3);
  for (const secret of [ADMIN.password, CARDS.approve, CARDS.decline, "$argon2id$", "hayfield-22", "barley-mow", ...tokens]) {
    expect(log.includes(secret), `the log contains ${secret.slice(0, 6)}…`).toBe(false);
  }
});
