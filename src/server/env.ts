import { existsSync } from "node:fs";
import { BlockList, isIP } from "node:net";
import { join, resolve } from "node:path";
import { z } from "zod";

const bool = (fallback: boolean) =>
  z
    .enum(["true", "false", "1", "0", "yes", "no", ""])
    .optional()
    .transform((v) => (v === undefined || v === "" ? fallback : v === "true" || v === "1" || v === "yes"));

/**
 * Addresses a reverse proxy may reach the shop on when TRUST_PROXY is on: loopback and the private
 * networks (10/8, 172.16/12, 192.168/16, fc00::/7), which the outside world cannot connect to.
 */
const PROXY_SIDE = new BlockList();
PROXY_SIDE.addSubnet("127.0.0.0", 8, "ipv4");
PROXY_SIDE.addSubnet("10.0.0.0", 8, "ipv4");
PROXY_SIDE.addSubnet("172.16.0.0", 12, "ipv4");
PROXY_SIDE.addSubnet("192.168.0.0", 16, "ipv4");
PROXY_SIDE.addAddress("::1", "ipv6");
PROXY_SIDE.addSubnet("fc00::", 7, "ipv6");

/** True when only the machine itself or its private network can reach `host`. */
export function behindProxyOnly(host: string): boolean {
  const address = host.trim().replace(/^\[(.*)\]$/, "$1");
  if (address.toLowerCase() === "localhost") return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return PROXY_SIDE.check(mapped[1]!, "ipv4");
  const family = isIP(address);
  return family !== 0 && PROXY_SIDE.check(address, family === 4 ? "ipv4" : "ipv6");
}

function openToForgedAddresses(host: string, port: number): string {
  const where = ["0.0.0.0", "::", "[::]"].includes(host.trim())
    ? "every address of the machine"
    : isIP(host.trim().replace(/^\[(.*)\]$/, "$1"))
      ? "outside loopback and the private networks"
      : "a host name, which may resolve to a public address";
  return (
    `HOST=${host} is ${where}, and TRUST_PROXY=true makes the shop believe X-Forwarded-For: anyone reaching port ${port} directly could write their own and walk around the per-address limits. ` +
    `Leave HOST unset (the shop then listens on 127.0.0.1, for a proxy on the same machine), or set it to a loopback or private-network address ` +
    `(10.x, 172.16-31.x, 192.168.x, fc00::/7) that only your proxy reaches.`
  );
}

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /** Where the server listens: 0.0.0.0 by default, loopback (127.0.0.1) when TRUST_PROXY is on. */
    HOST: z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), z.string().optional()),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_PATH: z.string().min(1).optional(),
    /**
     * postgres://user:password@host:port/database runs the shop on PostgreSQL (decision 015): several
     * processes and machines on one database. Without it, the SQLite file at DATABASE_PATH.
     */
    DATABASE_URL: z.preprocess(
      (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
      z
        .string()
        .regex(/^postgres(ql)?:\/\/[^\s]+$/, "must be a PostgreSQL URL: postgres://user:password@host:5432/database")
        .optional(),
    ),
    /** Connections each process keeps to PostgreSQL. */
    DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(200).default(10),
    /** The public origin (scheme://host[:port]) used for Origin checks and links in mail. */
    PUBLIC_ORIGIN: z.url().optional(),
    /** Set when a reverse proxy terminates TLS and sets X-Forwarded-Proto/For. */
    TRUST_PROXY: bool(false),
    SEED_DEMO: bool(true),
    SEED_ADMIN_EMAIL: z.email().default("admin@harvestdraws.co.uk"),
    SEED_ADMIN_PASSWORD: z.string().min(8, "SEED_ADMIN_PASSWORD must be at least 8 characters").optional(),
    LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
    /** Largest JSON body accepted, in bytes. */
    MAX_BODY_BYTES: z.coerce.number().int().min(1024).max(50_000_000).default(1_000_000),
    /** simulated (a card processor's offline test mode), cashflows (an acquirer that takes prize competitions) or stripe. */
    PAYMENT_PROVIDER: z.enum(["simulated", "stripe", "cashflows"]).default("simulated"),
    /** Pretend network time of the simulated provider. */
    PAYMENT_LATENCY_MS: z.coerce.number().int().min(0).max(30_000).default(400),
    STRIPE_SECRET_KEY: z.string().startsWith("sk_", "STRIPE_SECRET_KEY must start with sk_").optional(),
    /** Another address for Stripe's API (stripe-mock, or the tests' stand-in); Stripe's own when unset. */
    STRIPE_API_URL: z.url().optional(),
    /** Handed to the browser's Payment Element (pk_live_… or pk_test_…). */
    STRIPE_PUBLISHABLE_KEY: z.string().startsWith("pk_", "STRIPE_PUBLISHABLE_KEY must start with pk_").optional(),
    STRIPE_WEBHOOK_SECRET: z.string().startsWith("whsec_", "STRIPE_WEBHOOK_SECRET must start with whsec_").optional(),
    /** Cashflows: the configuration id of the merchant account (Cashflows Portal, Configuration). */
    CASHFLOWS_CONFIGURATION_ID: z.preprocess(
      (v) => (v === "" ? undefined : v),
      z
        .string()
        .regex(/^[A-Za-z0-9-]{1,64}$/, "CASHFLOWS_CONFIGURATION_ID must be the configuration id from the Cashflows Portal (letters, digits, dashes)")
        .optional(),
    ),
    /** Cashflows: the configuration's API key; it signs every Gateway API call and never leaves the server. */
    CASHFLOWS_API_KEY: z.preprocess((v) => (v === "" ? undefined : v), z.string().min(8, "CASHFLOWS_API_KEY looks too short").optional()),
    /** Cashflows: integration (their test environment, test cards) or production (real money). */
    CASHFLOWS_ENVIRONMENT: z.enum(["integration", "production"]).default("integration"),
    /** Cashflows: a secret of ours that signs the notification address given with each payment. */
    CASHFLOWS_NOTIFICATION_SECRET: z.preprocess(
      (v) => (v === "" ? undefined : v),
      z.string().min(32, "CASHFLOWS_NOTIFICATION_SECRET must be at least 32 characters (openssl rand -hex 32)").optional(),
    ),
    /**
     * Cashflows: the wallets its form offers beside the card, comma-separated (google_pay, apple_pay), only
     * those the Cashflows configuration has switched on: the library cannot take a card at all when a
     * wallet it was asked for is not set up. None by default.
     */
    CASHFLOWS_WALLETS: z
      .string()
      .default("")
      .transform((v) => [
        ...new Set(
          v
            .split(",")
            .map((w) => w.trim())
            .filter(Boolean),
        ),
      ])
      .pipe(z.array(z.enum(["google_pay", "apple_pay"], "CASHFLOWS_WALLETS lists google_pay and/or apple_pay, comma-separated"))),
    /** Another address for the Cashflows Gateway API (the tests' stand-in); the environment's own when unset. */
    CASHFLOWS_API_URL: z.url().optional(),
    /**
     * How the shop's name appears on cardholders' statements, as agreed with the acquirer: shown at
     * checkout and on receipts, so a buyer recognises the charge instead of disputing it.
     */
    CARD_DESCRIPTOR: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9 .*&'-]{5,22}$/, "CARD_DESCRIPTOR must be 5-22 letters, digits, spaces or . * & ' -")
      .default("HARVEST DRAWS"),
    /** e.g. smtp://user:pass@mail.example.co.uk:587. Without it mail stays in the outbox for admins to read. */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, "SMTP_URL must start with smtp:// or smtps://")
      .optional(),
    MAIL_FROM: z.string().min(3).default("Harvest Draws <no-reply@harvestdraws.co.uk>"),
    /** Where customers' replies to mail go; without it, to MAIL_FROM. */
    MAIL_REPLY_TO: z.preprocess((v) => (v === "" ? undefined : v), z.email("MAIL_REPLY_TO must be an email address").optional()),
    /** How long an unpaid order holds its ticket numbers before the sweeper gives them back. */
    ORDER_HOLD_SECONDS: z.coerce.number().int().min(1).max(3600).default(600),
    /**
     * How long an order waiting on the buyer's bank (3-D Secure) holds its numbers, from the challenge:
     * shorter, so an abandoned challenge gives them back sooner. Never longer than ORDER_HOLD_SECONDS.
     */
    THREE_DS_HOLD_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
    /** API calls a second per client address, sustained (0 turns the budget off); past it, 429. */
    API_RATE_LIMIT_PER_SECOND: z.coerce.number().min(0).max(100_000).default(50),
    /** API calls an address may make at once before the sustained rate applies. */
    API_RATE_LIMIT_BURST: z.coerce.number().int().min(1).max(1_000_000).default(500),
    /** How often pending orders are reconciled with the payment provider and due draws are run. */
    SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    /** Turns on GET /metrics for callers sending `Authorization: Bearer <token>`, from anywhere. */
    METRICS_TOKEN: z.preprocess(
      (v) => (v === "" ? undefined : v),
      z
        .string()
        .min(16, "METRICS_TOKEN must be at least 16 characters")
        .regex(/^[\x21-\x7e]+$/, "METRICS_TOKEN must be printable characters without spaces")
        .optional(),
    ),
    /** Turns on GET /metrics without a token for callers on this machine (the socket's address; never a proxied request). */
    METRICS_LOOPBACK: bool(false),
  })
  .superRefine((e, ctx) => {
    if (e.TRUST_PROXY && e.HOST !== undefined && !behindProxyOnly(e.HOST)) {
      ctx.addIssue({ code: "custom", path: ["HOST"], message: openToForgedAddresses(e.HOST, e.PORT) });
    }
  })
  .refine((e) => e.PAYMENT_PROVIDER !== "stripe" || !!e.STRIPE_SECRET_KEY, {
    path: ["STRIPE_SECRET_KEY"],
    message: "PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY",
  })
  .refine((e) => e.PAYMENT_PROVIDER !== "stripe" || !!e.STRIPE_PUBLISHABLE_KEY, {
    path: ["STRIPE_PUBLISHABLE_KEY"],
    message: "PAYMENT_PROVIDER=stripe needs STRIPE_PUBLISHABLE_KEY for the payment form",
  })
  .superRefine((e, ctx) => {
    if (e.PAYMENT_PROVIDER !== "cashflows") return;
    const needs: Array<[keyof typeof e, string]> = [
      ["CASHFLOWS_CONFIGURATION_ID", "PAYMENT_PROVIDER=cashflows needs CASHFLOWS_CONFIGURATION_ID"],
      ["CASHFLOWS_API_KEY", "PAYMENT_PROVIDER=cashflows needs CASHFLOWS_API_KEY"],
      ["CASHFLOWS_NOTIFICATION_SECRET", "PAYMENT_PROVIDER=cashflows needs CASHFLOWS_NOTIFICATION_SECRET (openssl rand -hex 32)"],
      ["PUBLIC_ORIGIN", "PAYMENT_PROVIDER=cashflows needs PUBLIC_ORIGIN: Cashflows sends its notifications and buyers back to it"],
    ];
    for (const [key, message] of needs) if (!e[key]) ctx.addIssue({ code: "custom", path: [key], message });
  });

export type Env = z.infer<typeof envSchema> & { DATABASE_PATH: string; DATA_DIR: string; HOST: string };

/** Parses the environment once; a wrong value stops start-up with a readable list. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join(".") || "(env)"}: ${i.message}`);
    throw new EnvError(`Invalid environment:\n${lines.join("\n")}`);
  }
  const dataDir = resolve(parsed.data.DATA_DIR);
  return {
    ...parsed.data,
    HOST: parsed.data.HOST ?? (parsed.data.TRUST_PROXY ? "127.0.0.1" : "0.0.0.0"),
    DATA_DIR: dataDir,
    DATABASE_PATH: parsed.data.DATABASE_PATH ? resolve(parsed.data.DATABASE_PATH) : join(dataDir, "shop.db"),
  };
}

export class EnvError extends Error {}

/** Loads ./.env when present, without overriding what the shell already set. */
export function loadDotEnv(path = ".env"): void {
  if (existsSync(path)) process.loadEnvFile(path);
}
