// `npm run dev`: the API server (restarting on change) on API_PORT and Vite with hot reload on PORT,
// proxying /api and /objects to it.
import "./runtime.mjs"; // first: Node 24 LTS, or a plain message
import { spawn } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const apiPort = process.env.API_PORT ?? "3001";
const env = { ...process.env, API_PORT: apiPort };

const children = [
  spawn(process.execPath, [join(root, "node_modules/tsx/dist/cli.mjs"), "watch", "src/server/main.ts"], {
    cwd: root,
    stdio: "inherit",
    env: {
      ...env,
      PORT: apiPort,
      NODE_ENV: process.env.NODE_ENV ?? "development",
      PUBLIC_ORIGIN: process.env.PUBLIC_ORIGIN ?? `http://localhost:${process.env.PORT ?? 3000}`,
    },
  }),
  spawn(process.execPath, [join(root, "node_modules/vite/bin/vite.js")], { cwd: root, stdio: "inherit", env }),
];
const stop = () => children.forEach((c) => c.kill("SIGTERM"));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const c of children)
  c.on("exit", (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
