// End-to-end tests drive Debian's Chromium (Playwright cannot download its own browser here).
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

const CHROMIUM = "/usr/bin/chromium";
if (!existsSync(CHROMIUM)) {
  console.log("Chromium not found; installing Debian's chromium package…");
  const sudo = process.getuid?.() === 0 ? "" : "sudo ";
  execSync(`${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium`, {
    stdio: "inherit",
  });
  if (!existsSync(CHROMIUM)) {
    console.error("Chromium is still missing at /usr/bin/chromium");
    process.exit(1);
  }
}
