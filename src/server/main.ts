import { createServer } from "node:http";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createDb, migrateDb } from "../../db/client";
import { seed } from "../../db/seed";
import { createApp } from "./app";
import { EnvError, loadDotEnv, loadEnv } from "./env";
import { ResponseCache } from "./http/response-cache";
import { createLogger } from "./logger";
import { createMailer } from "./mail/mailer";
import { createPaymentProvider } from "./payments";
import { lifecycleTick } from "./services/draws";
import { sweepExpiredHolds } from "./services/orders";
import { LocalDiskStorage } from "./storage/local-disk";

const CLIENT_DIR = fileURLToPath(new URL("../../dist/client", import.meta.url));

async function main(): Promise<void> {
  loadDotEnv();
  let env;
  try {
    env = loadEnv();
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const logger = createLogger(env.LOG_LEVEL);
  const db = createDb(env.DATABASE_PATH);
  migrateDb(db);

  const production = env.NODE_ENV === "production";
  const seeded = await seed(db, {
    demo: env.SEED_DEMO,
    adminEmail: env.SEED_ADMIN_EMAIL,
    adminPassword: env.SEED_ADMIN_PASSWORD ?? (production ? undefined : "harvest-admin"),
  });

  const payments = await createPaymentProvider(env);
  const cache = new ResponseCache();
  const mailer = createMailer(db, { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, logger });
  // Orders left pending by a crash or a lost payment answer give their ticket numbers back.
  const sweep = () => {
    const failed = sweepExpiredHolds(db);
    if (failed) {
      logger.info("expired holds released", { orders: failed });
      cache.invalidate();
    }
  };
  // Sales close at the end date or sell-out; due draws run at the draw date (unless drawn live).
  let ticking = false;
  const lifecycle = async () => {
    if (ticking) return;
    ticking = true;
    try {
      sweep();
      const done = await lifecycleTick({ db, mailer });
      if (done.closed || done.frozen || done.drawn) {
        logger.info("competition lifecycle", done);
        cache.invalidate();
      }
    } catch (err) {
      logger.error("lifecycle tick failed", { err: err instanceof Error ? err.message : String(err) });
    } finally {
      ticking = false;
    }
  };
  await lifecycle();
  const sweeper = setInterval(() => void lifecycle(), 30_000);
  sweeper.unref();
  void mailer.flush();

  const secure = env.PUBLIC_ORIGIN?.startsWith("https://") ?? false;
  const app = createApp({
    db,
    config: {
      secureCookies: secure,
      allowedOrigins: env.PUBLIC_ORIGIN ? [env.PUBLIC_ORIGIN] : [],
      trustProxy: env.TRUST_PROXY,
      orderHoldMs: env.ORDER_HOLD_SECONDS * 1000,
    },
    services: { payments, mailer },
    cache,
    storage: new LocalDiskStorage(join(env.DATA_DIR, "uploads")),
    clientDir: CLIENT_DIR,
    logger,
    maxBodyBytes: env.MAX_BODY_BYTES,
    publicOrigin: env.PUBLIC_ORIGIN,
  });

  let stopping = false;
  const server = createServer((req, res) => {
    // While shutting down, finish what is in flight but tell clients not to reuse the connection.
    if (stopping) res.setHeader("Connection", "close");
    app(req, res);
  });
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.requestTimeout = 30_000;

  server.listen(env.PORT, env.HOST, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : env.PORT;
    const url = env.PUBLIC_ORIGIN ?? `http://localhost:${port}`;
    logger.info("server started", { url, database: env.DATABASE_PATH, mode: env.NODE_ENV });
    const lines = [``, `  Harvest Draws is running at ${url}`, `  Database: ${env.DATABASE_PATH}`];
    if (seeded.admin?.generated) {
      lines.push(`  Admin sign-in: ${seeded.admin.email} / ${seeded.admin.password}`);
      lines.push(`  (generated now and shown only once: note it down)`);
    } else if (seeded.admin && !env.SEED_ADMIN_PASSWORD) {
      lines.push(`  Admin sign-in: ${seeded.admin.email} / ${seeded.admin.password} (the development default)`);
    } else if (seeded.admin) {
      lines.push(`  Admin sign-in: ${seeded.admin.email} with the password in SEED_ADMIN_PASSWORD`);
    } else {
      lines.push(`  Admin sign-in: ${env.SEED_ADMIN_EMAIL} (password as set when the database was first seeded)`);
    }
    console.log(lines.join("\n") + "\n");
  });

  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info("shutting down", { signal });
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    clearInterval(sweeper);
    mailer.stop();
    server.close(() => {
      try {
        db.$client.pragma("wal_checkpoint(TRUNCATE)");
        db.$client.close();
      } finally {
        process.exit(0);
      }
    });
    // Keep-alive connections would hold the server open: close each as soon as it goes idle.
    server.closeIdleConnections();
    setInterval(() => server.closeIdleConnections(), 100).unref();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
