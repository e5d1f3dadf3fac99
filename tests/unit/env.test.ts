import { describe, expect, it } from "vitest";
import { EnvError, loadEnv } from "../../src/server/env";

describe("loadEnv", () => {
  it("fills defaults and derives the database path from the data directory", () => {
    const env = loadEnv({ DATA_DIR: "/srv/shop-data" });
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_PATH).toBe("/srv/shop-data/shop.db");
    expect(env.SEED_DEMO).toBe(true);
  });

  it("lets DATABASE_PATH point elsewhere", () => {
    expect(loadEnv({ DATABASE_PATH: "/var/lib/shop.sqlite" }).DATABASE_PATH).toBe("/var/lib/shop.sqlite");
  });

  it("stops with a readable list of every wrong value", () => {
    let message = "";
    try {
      loadEnv({ PORT: "eighty", NODE_ENV: "staging", SEED_DEMO: "maybe" });
    } catch (err) {
      expect(err).toBeInstanceOf(EnvError);
      message = (err as Error).message;
    }
    expect(message).toContain("Invalid environment");
    expect(message).toContain("PORT");
    expect(message).toContain("NODE_ENV");
    expect(message).toContain("SEED_DEMO");
  });

  it("holds an order waiting on 3-D Secure for 5 minutes unless THREE_DS_HOLD_SECONDS says otherwise, and refuses a value out of range", () => {
    expect(loadEnv({}).THREE_DS_HOLD_SECONDS).toBe(300);
    expect(loadEnv({ THREE_DS_HOLD_SECONDS: "120" }).THREE_DS_HOLD_SECONDS).toBe(120);
    for (const value of ["0", "3601", "five", "1.5"]) {
      expect(() => loadEnv({ THREE_DS_HOLD_SECONDS: value }), value).toThrow(/THREE_DS_HOLD_SECONDS/);
    }
  });

  it("keeps GET /metrics off unless METRICS_TOKEN (16 characters or more) or METRICS_LOOPBACK is set", () => {
    expect(loadEnv({}).METRICS_TOKEN).toBeUndefined();
    expect(loadEnv({}).METRICS_LOOPBACK).toBe(false);
    expect(loadEnv({ METRICS_TOKEN: "" }).METRICS_TOKEN).toBeUndefined();
    expect(loadEnv({ METRICS_TOKEN: "0123456789abcdef" }).METRICS_TOKEN).toBe("0123456789abcdef");
    expect(loadEnv({ METRICS_LOOPBACK: "true" }).METRICS_LOOPBACK).toBe(true);
    expect(() => loadEnv({ METRICS_TOKEN: "short-token" })).toThrow(/METRICS_TOKEN must be at least 16 characters/);
    expect(() => loadEnv({ METRICS_TOKEN: "has a space in it, long enough" })).toThrow(/METRICS_TOKEN/);
    expect(() => loadEnv({ METRICS_LOOPBACK: "sometimes" })).toThrow(/METRICS_LOOPBACK/);
  });
});
