// Installs Debian packages for the tests with their system services kept from starting: a policy-rc.d that
// refuses every start while apt runs (exit 101, "action forbidden by policy"). The tests run their own
// instances, with their own configuration, on ports of their own.
import { execSync } from "node:child_process";
import { existsSync, rmSync, writeFileSync } from "node:fs";

/** `apt-get install` of `packages` (without recommends), as root or through sudo, starting none of their services. */
export function aptInstallWithoutStarting(packages) {
  const root = process.getuid?.() === 0;
  const sudo = root ? "" : "sudo ";
  const policy = "/usr/sbin/policy-rc.d";
  const ownPolicy = root && !existsSync(policy);
  if (ownPolicy) writeFileSync(policy, "#!/bin/sh\nexit 101\n", { mode: 0o755 });
  try {
    execSync(`${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends ${packages.join(" ")}`, {
      stdio: "inherit",
    });
  } finally {
    if (ownPolicy) rmSync(policy, { force: true });
  }
}
