import { defineConfig, devices } from "@playwright/test";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3199);
export const E2E_DATA_DIR = `${root}tests/.tmp/e2e-data`;

const chromium = {
  executablePath: "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

export default defineConfig({
  testDir: ".",
  testMatch: "**/*.spec.ts",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [["list"], ["json", { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? `${root}tests/.tmp/reports/playwright.json` }]],
  outputDir: `${root}tests/.tmp/e2e-results`,
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: chromium,
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], launchOptions: chromium }, testIgnore: ["**/*.mobile.spec.ts", "**/log-scan.spec.ts"] },
    {
      name: "phone",
      use: { ...devices["Pixel 7"], viewport: { width: 390, height: 844 }, launchOptions: chromium },
      testMatch: "**/*.mobile.spec.ts",
    },
    // The scan of the server's log reads what every journey wrote, so it runs after all of them.
    { name: "log-scan", testMatch: "**/log-scan.spec.ts", dependencies: ["desktop", "phone"] },
  ],
  webServer: {
    // A fresh database every run; the server is the production build, as a visitor would meet it.
    // Its log goes to a file that the last spec scans for secrets. Started as `npm start` starts it
    // (scripts/build.mjs: SERVER_NODE_ARGS and SERVER_ENTRY); `npm test` builds it first.
    command: `rm -rf "${E2E_DATA_DIR}" && mkdir -p "${E2E_DATA_DIR}" && exec node --max-semi-space-size=8 dist/server/main.mjs > "${E2E_DATA_DIR}/server.log" 2>&1`,
    cwd: root,
    url: `http://127.0.0.1:${E2E_PORT}/api/openapi.json`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(E2E_PORT),
      HOST: "127.0.0.1",
      DATA_DIR: E2E_DATA_DIR,
      SEED_DEMO: "true",
      SEED_ADMIN_EMAIL: "admin@harvestdraws.test",
      SEED_ADMIN_PASSWORD: "e2e-admin-password",
      LOG_LEVEL: "info",
    },
  },
});
