import { defineConfig } from "drizzle-kit";

// `npm run db:generate` writes each engine's migrations from the one description of the tables
// (db/schema; PostgreSQL's form derived from it in db/schema-pg): SQLite's by default, PostgreSQL's with
// DRIZZLE_ENGINE=postgresql (docs/decisions/015-postgresql-beside-sqlite.md).
export default process.env.DRIZZLE_ENGINE === "postgresql"
  ? defineConfig({
      dialect: "postgresql",
      schema: "./db/schema-pg/index.ts",
      out: "./db/migrations-pg",
      dbCredentials: { url: process.env.DATABASE_URL ?? "postgres://localhost/harvest" },
      strict: true,
    })
  : defineConfig({
      dialect: "sqlite",
      schema: "./db/schema/index.ts",
      out: "./db/migrations",
      dbCredentials: { url: process.env.DATABASE_PATH ?? "./data/shop.db" },
      strict: true,
    });
