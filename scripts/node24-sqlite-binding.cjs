// Preloaded (NODE_OPTIONS=--require) by the Node 24 pass of `npm test` (scripts/test.mjs). The
// project's node_modules holds better-sqlite3 compiled for the machine's Node 20; the Node 24 pass
// builds a second copy of the addon under tests/.tmp/node24 and this hook loads that copy whenever
// better-sqlite3 asks for its own build. It only acts in a process whose ABI matches the copy, so a
// Node 20 child process that inherits NODE_OPTIONS keeps loading the Node 20 build.
"use strict";
const Module = require("node:module");
const path = require("node:path");

const replacement = process.env.HARVEST_SQLITE_BINDING;
const abi = process.env.HARVEST_SQLITE_BINDING_ABI;
const original = path.join(__dirname, "..", "node_modules", "better-sqlite3", "build", "Release", "better_sqlite3.node");

if (replacement && abi === process.versions.modules) {
  const load = Module._extensions[".node"];
  Module._extensions[".node"] = function (module, filename) {
    return load.call(this, module, path.resolve(filename) === original ? replacement : filename);
  };
}
