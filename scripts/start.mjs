// `npm start`: build the storefront and the server when a build is missing or older than its
// sources, then run the server bundle in production mode (migrations and the first-run seed happen
// at server start-up).
import "./runtime.mjs"; // first: Node 24 LTS, or a plain message
import { spawn } from "node:child_process";
import { buildAll, SERVER_ENTRY, SERVER_NODE_ARGS } from "./build.mjs";

await buildAll({ ifStale: true });

const server = spawn(process.execPath, [...SERVER_NODE_ARGS, SERVER_ENTRY], {
  stdio: "inherit",
  env: { ...process.env, NODE_ENV: "production" },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
