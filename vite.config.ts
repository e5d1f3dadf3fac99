/// <reference types="vitest/config" />
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const projectRoot = fileURLToPath(new URL(".", import.meta.url));
const apiPort = Number(process.env.API_PORT ?? 3001);

export default defineConfig({
  root: fileURLToPath(new URL("./src/client", import.meta.url)),
  publicDir: "public",
  plugins: [react(), tailwindcss()],
  build: {
    outDir: fileURLToPath(new URL("./dist/client", import.meta.url)),
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
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
    include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts", "tests/rest/**/*.test.ts", "tests/types/**/*.test.ts", "tests/reliability/**/*.test.ts"],
    globalSetup: ["tests/setup/global-setup.ts"],
    setupFiles: ["tests/setup/per-file.ts"],
    pool: "forks",
    testTimeout: 20_000,
    hookTimeout: 30_000,
    typecheck: { enabled: false },
  },
});
