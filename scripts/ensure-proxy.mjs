// The deployment tests (tests/deploy) run the shop behind the repository's Caddy and nginx
// configurations, with Debian's own packages, and check the unit file with systemd-analyze: installs
// whichever is missing, as ensure-browser.mjs does for Chromium. The packages' system services are kept from starting (a policy-rc.d that
// refuses every start while apt runs, then a stop for good measure): the tests run their own
// instances, with their own configuration and prefix, on high ports.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { aptInstallWithoutStarting } from "./apt-install.mjs";

// Debian package → the file the tests need from it: the two proxies, openssl for the tests'
// certificate and systemd-analyze for checking the unit file.
export const PACKAGES = { caddy: "/usr/bin/caddy", nginx: "/usr/sbin/nginx", openssl: "/usr/bin/openssl", systemd: "/usr/bin/systemd-analyze" };

const missing = Object.entries(PACKAGES)
  .filter(([, binary]) => !existsSync(binary))
  .map(([pkg]) => pkg);

if (missing.length) {
  console.log(`Not found: ${missing.join(", ")}; installing Debian's package${missing.length > 1 ? "s" : ""}…`);
  aptInstallWithoutStarting(missing);
  const root = process.getuid?.() === 0;
  // Where systemd runs, make sure the freshly installed proxies are not serving ports 80/443.
  const services = missing.filter((pkg) => pkg === "caddy" || pkg === "nginx");
  if (services.length && existsSync("/run/systemd/system")) {
    const stop = ["systemctl", "disable", "--now", ...services];
    spawnSync(root ? stop[0] : "sudo", root ? stop.slice(1) : stop, { stdio: "ignore" });
  }
  const still = missing.filter((pkg) => !existsSync(PACKAGES[pkg]));
  if (still.length) {
    console.error(`Still missing after apt-get: ${still.map((pkg) => PACKAGES[pkg]).join(", ")}`);
    process.exit(1);
  }
}
