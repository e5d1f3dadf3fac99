// ESLint for the whole repository: `npm run lint` (and `npm test`) runs it from the repository root.
// It lives in scripts/ to keep the root to the files the project names; `basePath` points it back up.
import js from "@eslint/js";
import drizzle from "eslint-plugin-drizzle";
import reactHooks from "eslint-plugin-react-hooks";
import prettier from "eslint-config-prettier";
import globals from "globals";
import tseslint from "typescript-eslint";

const root = new URL("..", import.meta.url).pathname;

/** Imports that would cross a layer, as `no-restricted-imports` patterns with the reason. */
const layer = (groups, message, allowTypeImports = false) => ({
  "@typescript-eslint/no-restricted-imports": ["error", { patterns: [{ group: groups, message, allowTypeImports }] }],
});

export default tseslint.config(
  { basePath: root, ignores: ["dist/**", "node_modules/**", "tests/.tmp/**", "test-results/**", "playwright-report/**", "db/migrations/**"] },
  {
    basePath: root,
    files: ["**/*.{ts,tsx,mjs,js,cjs}"],
    extends: [js.configs.recommended, ...tseslint.configs.recommended, prettier],
    languageOptions: { globals: { ...globals.node } },
    plugins: { drizzle },
    rules: {
      // A delete or update without a where clause empties or rewrites a whole table.
      "drizzle/enforce-delete-with-where": ["error", { drizzleObjectName: ["db", "tx"] }],
      "drizzle/enforce-update-with-where": ["error", { drizzleObjectName: ["db", "tx"] }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      eqeqeq: ["error", "always"],
    },
  },
  {
    // Every query is a promise (decision 015): one never awaited runs outside its transaction, or its
    // failure goes unseen. Checked with the types, on the server, the database layer and the tests.
    basePath: root,
    files: ["src/server/**/*.ts", "db/**/*.ts", "tests/**/*.ts", "scripts/**/*.ts"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: root } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: false }],
      "@typescript-eslint/await-thenable": "error",
    },
  },
  {
    // CommonJS by necessity (loaded with require() by better-sqlite3's binding resolution).
    basePath: root,
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs" },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    basePath: root,
    files: ["src/client/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      // The rules of hooks; the React Compiler's advisory rules (purity, set-state-in-effect) are not enforced.
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      // The browser bundle knows the server only by its types (the AppRouter), never its code.
      ...layer(
        ["**/server/**", "**/db/**", "better-sqlite3", "drizzle-orm", "node:*"],
        "The web app imports the server and the database only as types (import type).",
        true,
      ),
    },
  },
  {
    basePath: root,
    files: ["src/shared/**/*.ts"],
    rules: layer(["**/server/**", "**/client/**", "**/db/**", "node:*"], "src/shared is used by the browser and the server alike: it imports neither."),
  },
  {
    basePath: root,
    files: ["src/server/services/**/*.ts"],
    rules: layer(
      ["@trpc/*", "trpc-to-openapi", "**/trpc/**", "**/http/**", "**/routers/**", "node:http"],
      "Services are plain functions of (db, args): they know nothing of tRPC or HTTP (throw AppError; routers and http/ translate).",
    ),
  },
  {
    basePath: root,
    files: ["db/**/*.ts"],
    rules: layer(["**/src/**"], "db/ is the database layer: it never imports the server or the web app."),
  },
);
