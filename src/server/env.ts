import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { z } from "zod";

const bool = (fallback: boolean) =>
  z
    .enum(["true", "false", "1", "0", "yes", "no", ""])
    .optional()
    .transform((v) => (v === undefined || v === "" ? fallback : v === "true" || v === "1" || v === "yes"));

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_PATH: z.string().min(1).optional(),
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
    /** simulated (a card processor's offline test mode) or stripe. */
    PAYMENT_PROVIDER: z.enum(["simulated", "stripe"]).default("simulated"),
    /** Pretend network time of the simulated provider. */
    PAYMENT_LATENCY_MS: z.coerce.number().int().min(0).max(30_000).default(400),
    STRIPE_SECRET_KEY: z.string().startsWith("sk_", "STRIPE_SECRET_KEY must start with sk_").optional(),
    /** Another address for Stripe's API (stripe-mock, or the tests' stand-in); Stripe's own when unset. */
    STRIPE_API_URL: z.url().optional(),
    /** Handed to the browser's Payment Element (pk_live_… or pk_test_…). */
    STRIPE_PUBLISHABLE_KEY: z.string().startsWith("pk_", "STRIPE_PUBLISHABLE_KEY must start with pk_").optional(),
    STRIPE_WEBHOOK_SECRET: z.string().startsWith("whsec_", "STRIPE_WEBHOOK_SECRET must start with whsec_").optional(),
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
  .refine((e) => e.PAYMENT_PROVIDER !== "stripe" || !!e.STRIPE_SECRET_KEY, {
    path: ["STRIPE_SECRET_KEY"],
    message: "PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY",
  })
  .refine((e) => e.PAYMENT_PROVIDER !== "stripe" || !!e.STRIPE_PUBLISHABLE_KEY, {
    path: ["STRIPE_PUBLISHABLE_KEY"],
    message: "PAYMENT_PROVIDER=stripe needs STRIPE_PUBLISHABLE_KEY for the payment form",
  });

export type Env = z.infer<typeof envSchema> & { DATABASE_PATH: string; DATA_DIR: string };

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
    DATA_DIR: dataDir,
    DATABASE_PATH: parsed.data.DATABASE_PATH ? resolve(parsed.data.DATABASE_PATH) : join(dataDir, "shop.db"),
  };
}

export class EnvError extends Error {}

/** Loads ./.env when present, without overriding what the shell already set. */
export function loadDotEnv(path = ".env"): void {
  if (existsSync(path)) process.loadEnvFile(path);
}
