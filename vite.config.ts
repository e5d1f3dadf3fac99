/// <reference types="vitest/config" />
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
import { brotli, gzip, worthCompressing } from "./src/server/http/compress.ts";

const projectRoot = fileURLToPath(new URL(".", import.meta.url));
const apiPort = Number(process.env.API_PORT ?? 3001);

/**
 * Writes `.br` and `.gz` beside each compressible file of the build (bundles and the copied public
 * folder alike), so the server need not compress anything at start-up.
 */
function precompress(): Plugin {
  let outDir = "";
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
  return {
    name: "harvest-precompress",
    apply: "build",
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (file.includes(`${sep}.vite${sep}`) || file.endsWith(".br") || file.endsWith(".gz") || existsSync(`${file}.br`)) continue;
        const raw = readFileSync(file);
        if (!worthCompressing(file, raw.length)) continue;
        writeFileSync(`${file}.br`, brotli(raw));
        writeFileSync(`${file}.gz`, gzip(raw));
      }
    },
  };
}

/**
 * The server suites run a second time on PostgreSQL (`npm test` sets SHOP_TEST_ENGINE=postgres;
 * docs/decisions/015-postgresql-beside-sqlite.md): every integration and REST file, except those about
 * SQLite itself or that already run on both engines inside one file.
 */
const onPostgres = process.env.SHOP_TEST_ENGINE === "postgres";
const sqliteOnlyOrBoth = [
  // SQLite's single connection, its group commit, its query plans and its outbox index.
  "tests/integration/connection-lease.test.ts",
  "tests/integration/group-commit.test.ts",
  "tests/integration/held-read-plan.test.ts",
  "tests/integration/outbox-index.test.ts",
  // Each of these starts its own PostgreSQL and compares or moves between the two engines.
  "tests/integration/postgres-open.test.ts",
  "tests/integration/postgres-queries.test.ts",
  "tests/integration/postgres-server.test.ts",
  "tests/integration/schema-engines.test.ts",
  "tests/integration/to-postgres.test.ts",
  "tests/integration/change-feed.test.ts",
  "tests/integration/job-lock.test.ts",
  "tests/integration/object-storage.test.ts",
];

export default defineConfig({
  root: fileURLToPath(new URL("./src/client", import.meta.url)),
  publicDir: "public",
  plugins: [react(), tailwindcss(), precompress()],
  // The storefront's zod never compiles validators with `new Function` (the page's CSP forbids it):
  // src/client/lib/zod-jitless.ts. The server and the tests use zod as it is.
  resolve: process.env.VITEST ? {} : { alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL("./src/client/lib/zod-jitless.ts", import.meta.url)) }] },
  build: {
    outDir: fileURLToPath(new URL("./dist/client", import.meta.url)),
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    // No <link rel="modulepreload"> added from script before each on-demand import: appending a link per
    // chunk costs a slow phone tens of milliseconds of main thread in one task, while the page is already
    // drawn and painted. The browser finds a chunk's imports as it reads the chunk instead.
    modulePreload: false,
    rollupOptions: {
      output: {
        // The libraries every page needs travel as one file instead of a dozen small ones: on a
        // phone network each extra request on the first load costs a round trip. Only TanStack's
        // query packages: its virtual scroller comes with Headless UI's Combobox (a back-office
        // picker) and must stay out of the first load.
        codeSplitting: {
          groups: [
            {
              name: "app-libs",
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser|@tanstack[\\/](?:query-core|react-query)|@trpc|sonner)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: {
      "/api": { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false },
      "/objects": { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false },
    },
  },
  test: {
    root: projectRoot,
    exclude: onPostgres ? ["**/node_modules/**", ...sqliteOnlyOrBoth] : ["**/node_modules/**"],
    include: onPostgres
      ? ["tests/integration/**/*.test.ts", "tests/rest/**/*.test.ts"]
      : [
          "tests/unit/**/*.test.ts",
          "tests/integration/**/*.test.ts",
          "tests/rest/**/*.test.ts",
          "tests/reliability/**/*.test.ts",
          // The shop as deployed: behind Debian's Caddy and nginx with docs/deploy's files (scripts/ensure-proxy.mjs).
          "tests/deploy/**/*.test.ts",
          // Component tests: each file picks the DOM environment itself (`// @vitest-environment happy-dom`),
          // so every other file keeps running in plain Node.
          "tests/components/**/*.test.tsx",
        ],
    globalSetup: ["tests/setup/global-setup.ts"],
    setupFiles: ["tests/setup/per-file.ts"],
    pool: "forks",
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // tests/types hold compile-time assertions only (expectTypeOf): Vitest runs tsc over them with the
    // project's tsconfig and reports each failed expectation as a failed test.
    typecheck: { enabled: !onPostgres, only: false, include: ["tests/types/**/*.test.ts"], tsconfig: "tsconfig.json" },
  },
});
