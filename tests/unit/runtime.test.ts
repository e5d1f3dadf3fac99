// Node 24 LTS is the shop's runtime: npm scripts run on the Node 24 that `npm ci` installs into
// node_modules, an older Node is refused in plain words (the SQLite driver would crash in it), and a
// driver addon built for another Node or machine says so instead of a loader message.
import { execFileSync, spawnSync } from "node:child_process";
import { copyFileSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readlinkSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { describe, expect, it } from "vitest";
import { createDb, SqliteDriverError, sqliteDriverError } from "../../db/client";

const root = join(import.meta.dirname, "../..");
const bundledNode = join(root, "node_modules/.bin/node");

/** A Node older than 24 on this machine's PATH (a VPS image's own Node 20, say), if there is one. */
function olderNode(): string | null {
  for (const dir of (process.env.PATH ?? "").split(delimiter)) {
    const node = join(dir, "node");
    if (!dir || !existsSync(node)) continue;
    const version = spawnSync(node, ["-p", "process.versions.node"], { encoding: "utf8" }).stdout?.trim();
    if (version && Number(version.split(".")[0]) < 24) return node;
  }
  for (const node of ["/usr/bin/node", "/usr/local/bin/node"]) {
    const version = existsSync(node) ? spawnSync(node, ["-p", "process.versions.node"], { encoding: "utf8" }).stdout?.trim() : "";
    if (version && Number(version.split(".")[0]) < 24) return node;
  }
  return null;
}
const older = olderNode();

describe("the runtime", () => {
  it("the tests themselves run on Node 24 LTS or newer, the one npm ci installed", () => {
    expect(Number(process.versions.node.split(".")[0])).toBeGreaterThanOrEqual(24);
    expect(existsSync(bundledNode)).toBe(true);
    const bundled = execFileSync(bundledNode, ["-p", "process.versions.node"], { encoding: "utf8" }).trim();
    expect(Number(bundled.split(".")[0])).toBe(24);
  });

  it("the SQLite driver loads from the package's own prebuilt addon: nothing was compiled at install", () => {
    const driver = join(root, "node_modules/better-sqlite3");
    expect(existsSync(join(driver, "build"))).toBe(false);
    expect(readdirSync(join(driver, "prebuilds"))).toContain(`${process.platform}-${process.arch}.node`);
    const db = createDb(":memory:");
    expect(db.$client.prepare("select sqlite_version() as v").get()).toMatchObject({ v: expect.stringMatching(/^3\./) });
    db.$client.close();
  });

  it("an addon built for another Node or machine is named in plain words, with what to do", () => {
    const dir = mkdtempSync(join(tmpdir(), "harvest-addon-"));
    const addon = join(dir, "better_sqlite3.node");
    writeFileSync(addon, "not a shared library");
    let loadError: unknown;
    try {
      createRequire(import.meta.url)(addon);
    } catch (err) {
      loadError = err;
    }
    expect((loadError as { code?: string }).code).toBe("ERR_DLOPEN_FAILED");
    const plain = sqliteDriverError(loadError);
    expect(plain).toBeInstanceOf(SqliteDriverError);
    expect(plain!.message).toContain(`cannot load in Node.js ${process.versions.node}`);
    expect(plain!.message).toContain("built for another Node.js or another machine");
    expect(plain!.message).toContain("npm ci");
    // Other failures keep their own reasons (the database-file messages of openDatabase).
    expect(sqliteDriverError(Object.assign(new Error("unable to open database file"), { code: "SQLITE_CANTOPEN" }))).toBeNull();
  });

  it("links node_modules/.bin/node where npm left it out (npm 10 unpacks the Node package without the link)", () => {
    // A checkout as npm 10 leaves it: the platform package's binary, no .bin/node.
    const checkout = mkdtempSync(join(tmpdir(), "harvest-npm10-"));
    mkdirSync(join(checkout, "scripts"));
    copyFileSync(join(root, "scripts/runtime.mjs"), join(checkout, "scripts/runtime.mjs"));
    const platformBin = join(checkout, "node_modules", `node-${process.platform}-${process.arch}`, "bin");
    mkdirSync(platformBin, { recursive: true });
    symlinkSync(process.execPath, join(platformBin, "node"));
    mkdirSync(join(checkout, "node_modules/.bin"));
    writeFileSync(join(checkout, "scripts/hello.mjs"), 'import "./runtime.mjs";\nconsole.log("ran");\n');
    const out = spawnSync(process.execPath, [join(checkout, "scripts/hello.mjs")], { encoding: "utf8" });
    expect(out.stdout.trim()).toBe("ran");
    const link = join(checkout, "node_modules/.bin/node");
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readlinkSync(link)).toBe(join("..", `node-${process.platform}-${process.arch}`, "bin/node"));
    expect(execFileSync(link, ["-p", "process.versions.node"], { encoding: "utf8" }).trim()).toBe(process.versions.node);
  });

  it.skipIf(!older)("a script started by hand on an older Node runs again on the installed Node 24", () => {
    const dir = join(root, "tests/.tmp/runtime");
    mkdirSync(dir, { recursive: true });
    const script = join(dir, "which-node.mjs");
    writeFileSync(script, 'import "../../../scripts/runtime.mjs";\nconsole.log(`${process.versions.node} ${process.argv.slice(2).join(" ")}`);\n');
    const out = spawnSync(older!, [script, "one", "two"], { encoding: "utf8", env: { ...process.env, HARVEST_RUNTIME_REEXEC: "" } });
    expect(out.status).toBe(0);
    expect(out.stdout.trim()).toMatch(/^24\.\d+\.\d+ one two$/);
  });

  it.skipIf(!older)("the server refuses an older Node in words before it touches the database", () => {
    const dataDir = mkdtempSync(join(tmpdir(), "harvest-old-node-"));
    const out = spawnSync(older!, [join(root, "node_modules/tsx/dist/cli.mjs"), join(root, "src/server/main.ts")], {
      cwd: root,
      encoding: "utf8",
      env: { ...process.env, DATA_DIR: dataDir, PORT: "0", NODE_ENV: "production" },
      timeout: 60_000,
    });
    expect(out.status).toBe(1);
    expect(out.stderr).toContain("Harvest Draws runs on Node.js 24 LTS or newer");
    expect(out.stderr).toContain("npm start");
    expect(readdirSync(dataDir)).toEqual([]);
  });
});
