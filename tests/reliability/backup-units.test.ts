import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/** The backup timer and service in docs/deploy, as systemd reads them. */
const root = fileURLToPath(new URL("../..", import.meta.url));
const unit = (name: string) => readFileSync(join(root, "docs/deploy", name), "utf8");
const hasSystemd = spawnSync("systemd-analyze", ["--version"]).status === 0;

describe("the backup's systemd units", () => {
  it.skipIf(!hasSystemd)("pass systemd-analyze verify (with the shop's Node where the unit expects it)", () => {
    const dir = mkdtempSync(join(tmpdir(), "harvest-units-"));
    try {
      // The unit runs /opt/harvest-draws/node_modules/.bin/node; this machine has the same Node elsewhere.
      writeFileSync(
        join(dir, "harvest-draws-backup.service"),
        unit("harvest-draws-backup.service").replace("/opt/harvest-draws/node_modules/.bin/node", process.execPath),
      );
      writeFileSync(join(dir, "harvest-draws-backup.timer"), unit("harvest-draws-backup.timer"));
      const run = spawnSync("systemd-analyze", ["verify", join(dir, "harvest-draws-backup.service"), join(dir, "harvest-draws-backup.timer")], {
        encoding: "utf8",
      });
      expect(run.stderr + run.stdout).toBe("");
      expect(run.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("run the backup script daily, catching up after downtime, as the harvest user with only the data folder writable", () => {
    const service = unit("harvest-draws-backup.service");
    const timer = unit("harvest-draws-backup.timer");
    expect(timer).toMatch(/^OnCalendar=\*-\*-\* \d\d:\d\d:\d\d$/m);
    expect(timer).toMatch(/^Persistent=true$/m);
    expect(timer).toMatch(/^RandomizedDelaySec=\S+$/m);
    expect(service).toMatch(/^ExecStart=\/opt\/harvest-draws\/node_modules\/\.bin\/node --import tsx scripts\/db-backup\.ts$/m);
    expect(service).toMatch(/^User=harvest$/m);
    expect(service).toMatch(/^WorkingDirectory=\/opt\/harvest-draws$/m);
    expect(service).toMatch(/^EnvironmentFile=\/etc\/harvest-draws\/env$/m);
    expect(service).toMatch(/^ProtectSystem=strict$/m);
    expect(service).toMatch(/^ReadWritePaths=\S+$/m);
  });
});
