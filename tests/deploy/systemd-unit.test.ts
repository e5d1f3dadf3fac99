import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadEnv } from "../../src/server/env";
import { APP_DIR, deployFile, readEnvironmentFile, removeDir, root, SYSTEMD_ANALYZE, tempDir, toolsAvailable, unitExecStart } from "./harness";

/**
 * `systemd-analyze verify` on docs/deploy/harvest-draws.service. It exits 0 on an unknown key or an
 * unparsable value (it only warns, as systemd itself does when loading the unit), so anything it
 * prints counts as a failure too. The copy verified here runs the Node running the tests, since the
 * unit's /opt/harvest-draws/node_modules/.bin/node does not exist on the test machine.
 */
const available = toolsAvailable([SYSTEMD_ANALYZE]);
const dir = tempDir("harvest-deploy-unit-");
afterAll(() => removeDir(dir));

const unit = readFileSync(deployFile("harvest-draws.service"), "utf8");
const NODE_IN_UNIT = `${APP_DIR}/node_modules/.bin/node`;

function verify(text: string, name: string) {
  const sub = join(dir, name);
  mkdirSync(sub, { recursive: true });
  const file = join(sub, "harvest-draws.service");
  writeFileSync(file, text.replaceAll(NODE_IN_UNIT, process.execPath));
  const run = spawnSync(SYSTEMD_ANALYZE, ["verify", file], { encoding: "utf8", env: { ...process.env, SYSTEMD_LOG_COLOR: "0" } });
  return { status: run.status, said: `${run.stdout}${run.stderr}`.trim() };
}

describe.skipIf(!available.ok)(`the systemd unit${available.ok ? "" : ` (skipped: ${available.reason})`}`, () => {
  it("passes systemd-analyze verify without a word", () => {
    expect(unit).toContain(`ExecStart=${NODE_IN_UNIT} `);
    expect(verify(unit, "as-shipped")).toEqual({ status: 0, said: "" });
  });

  it("would be caught with a misspelt option, a bad value or a missing runtime", () => {
    expect(verify(unit.replace("ProtectHome=true", "ProtectHom=true"), "misspelt").said).toContain("Unknown key 'ProtectHom'");
    expect(verify(unit.replace("RestartSec=5", "RestartSec=five"), "bad-value").said).toContain("Failed to parse");
    const missing = verify(unit.replaceAll(NODE_IN_UNIT, "/nonexistent/node"), "no-runtime");
    expect(missing.status).not.toBe(0);
    expect(missing.said).toContain("/nonexistent/node");
  });

  it("runs the production bundle as npm start does, as the harvest user, writing only to the data folder", () => {
    const [, ...args] = unitExecStart();
    const build = readFileSync(join(root, "scripts/build.mjs"), "utf8");
    const semi = /SERVER_NODE_ARGS = \[(.*)\]/.exec(build)![1]!.replaceAll('"', "");
    expect(args).toEqual([...semi.split(", "), `${APP_DIR}/dist/server/main.mjs`]);
    expect(unit).toMatch(/^User=harvest$/m);
    expect(unit).toMatch(/^ReadWritePaths=\/var\/lib\/harvest-draws$/m);
    expect(unit).toMatch(/^ProtectSystem=strict$/m);
    expect(unit).not.toMatch(/^MemoryDenyWriteExecute=/m);
    // The shop forces its own exit 10 s after SIGTERM; systemd must wait longer than that.
    expect(Number(/^TimeoutStopSec=(\d+)$/m.exec(unit)![1])).toBeGreaterThan(10);
  });

  it("reads its settings from an env file the shop accepts, listening on loopback behind the proxy", () => {
    const file = readEnvironmentFile(deployFile("env"));
    const env = loadEnv({ ...file, NODE_ENV: "production" });
    expect(env.TRUST_PROXY).toBe(true);
    expect(env.HOST).toBe("127.0.0.1");
    expect(env.DATA_DIR).toBe(/^ReadWritePaths=(.*)$/m.exec(unit)![1]);
    expect(env.PUBLIC_ORIGIN).toMatch(/^https:\/\//);
  });
});
