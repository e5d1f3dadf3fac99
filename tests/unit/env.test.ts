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

describe("PAYMENT_PROVIDER=cashflows", () => {
  const cashflows = {
    PAYMENT_PROVIDER: "cashflows",
    CASHFLOWS_CONFIGURATION_ID: "2204140001",
    CASHFLOWS_API_KEY: "a1b2c3d4e5f6a7b8",
    CASHFLOWS_NOTIFICATION_SECRET: "0123456789abcdef0123456789abcdef",
    PUBLIC_ORIGIN: "https://shop.example.co.uk",
  };
  const messageOf = (source: Record<string, string>) => {
    try {
      loadEnv(source);
      return "";
    } catch (err) {
      return (err as Error).message;
    }
  };

  it("starts with its four settings, in the integration environment unless told production", () => {
    const env = loadEnv(cashflows);
    expect(env.PAYMENT_PROVIDER).toBe("cashflows");
    expect(env.CASHFLOWS_ENVIRONMENT).toBe("integration");
    expect(loadEnv({ ...cashflows, CASHFLOWS_ENVIRONMENT: "production" }).CASHFLOWS_ENVIRONMENT).toBe("production");
    expect(messageOf({ ...cashflows, CASHFLOWS_ENVIRONMENT: "live" })).toContain("CASHFLOWS_ENVIRONMENT");
  });

  it("names every missing setting at once", () => {
    const message = messageOf({ PAYMENT_PROVIDER: "cashflows" });
    expect(message).toContain("PAYMENT_PROVIDER=cashflows needs CASHFLOWS_CONFIGURATION_ID");
    expect(message).toContain("PAYMENT_PROVIDER=cashflows needs CASHFLOWS_API_KEY");
    expect(message).toContain("CASHFLOWS_NOTIFICATION_SECRET (openssl rand -hex 32)");
    expect(message).toContain("PAYMENT_PROVIDER=cashflows needs PUBLIC_ORIGIN");
  });

  it("refuses a short notification secret, a configuration id with other characters and a blank key", () => {
    expect(messageOf({ ...cashflows, CASHFLOWS_NOTIFICATION_SECRET: "short" })).toContain("at least 32 characters");
    expect(messageOf({ ...cashflows, CASHFLOWS_CONFIGURATION_ID: "id with spaces" })).toContain("CASHFLOWS_CONFIGURATION_ID must be");
    expect(messageOf({ ...cashflows, CASHFLOWS_API_KEY: "" })).toContain("needs CASHFLOWS_API_KEY");
  });

  it("offers no wallet unless CASHFLOWS_WALLETS lists it, and refuses one it does not know", () => {
    expect(loadEnv(cashflows).CASHFLOWS_WALLETS).toEqual([]);
    expect(loadEnv({ ...cashflows, CASHFLOWS_WALLETS: "google_pay, apple_pay" }).CASHFLOWS_WALLETS).toEqual(["google_pay", "apple_pay"]);
    expect(messageOf({ ...cashflows, CASHFLOWS_WALLETS: "google_pay,paypal" })).toContain("CASHFLOWS_WALLETS lists google_pay and/or apple_pay");
  });

  it("shows HARVEST DRAWS on statements unless CARD_DESCRIPTOR says otherwise, within the card schemes' 22 characters", () => {
    expect(loadEnv({}).CARD_DESCRIPTOR).toBe("HARVEST DRAWS");
    expect(loadEnv({ CARD_DESCRIPTOR: "FARM PRIZES LTD" }).CARD_DESCRIPTOR).toBe("FARM PRIZES LTD");
    expect(messageOf({ CARD_DESCRIPTOR: "A DESCRIPTOR FAR TOO LONG FOR ANY CARD" })).toContain("CARD_DESCRIPTOR must be 5-22");
    expect(messageOf({ CARD_DESCRIPTOR: "<script>" })).toContain("CARD_DESCRIPTOR");
  });
});

describe("HOST behind a trusted proxy", () => {
  it("listens on every address by default, and on loopback only when TRUST_PROXY is on", () => {
    expect(loadEnv({}).HOST).toBe("0.0.0.0");
    expect(loadEnv({ TRUST_PROXY: "false" }).HOST).toBe("0.0.0.0");
    expect(loadEnv({ TRUST_PROXY: "true" }).HOST).toBe("127.0.0.1");
    expect(loadEnv({ TRUST_PROXY: "1", HOST: "" }).HOST).toBe("127.0.0.1");
  });

  it("keeps an explicit HOST without a proxy, wherever it is", () => {
    expect(loadEnv({ HOST: "0.0.0.0" }).HOST).toBe("0.0.0.0");
    expect(loadEnv({ HOST: "203.0.113.7" }).HOST).toBe("203.0.113.7");
  });

  it("accepts loopback and private-network addresses with TRUST_PROXY", () => {
    for (const host of [
      "127.0.0.1",
      "127.0.1.1",
      "localhost",
      "::1",
      "[::1]",
      "10.1.2.3",
      "172.16.0.5",
      "172.31.255.254",
      "192.168.1.20",
      "fd12:3456::1",
      "fc00::2",
      "::ffff:10.0.0.9",
    ]) {
      expect(loadEnv({ TRUST_PROXY: "true", HOST: host }).HOST, host).toBe(host);
    }
  });

  it("refuses a wildcard, public or unresolvable HOST with TRUST_PROXY, saying why and what to do", () => {
    for (const host of ["0.0.0.0", "::", "203.0.113.7", "172.32.0.1", "11.0.0.1", "169.254.1.1", "2001:db8::1", "::ffff:8.8.8.8", "shop.example.co.uk"]) {
      let message = "";
      try {
        loadEnv({ TRUST_PROXY: "true", HOST: host, PORT: "3000" });
      } catch (err) {
        expect(err, host).toBeInstanceOf(EnvError);
        message = (err as Error).message;
      }
      expect(message, host).toContain(`HOST: HOST=${host} is `);
      expect(message, host).toContain("anyone reaching port 3000 directly could write their own and walk around the per-address limits");
      expect(message, host).toContain("Leave HOST unset");
    }
    expect(() => loadEnv({ TRUST_PROXY: "true", HOST: "0.0.0.0" })).toThrow(/every address of the machine/);
  });
});
