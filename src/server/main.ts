import { createServer } from "node:http";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { DatabaseOpenError, SqliteDriverError, lockDatabase, migrateDb, openDatabase, type Db } from "../../db/client";
import { ChangeFeed } from "../../db/change-feed";
import { runAlone, runInTurn } from "../../db/job-lock";
import { PostgresMigrationError, PostgresUnreachableError, openPostgres, shownUrl } from "../../db/postgres";
import { createPostgresDb, poolOf } from "../../db/postgres-db";
import { seed } from "./seed/seed";
import { adminSignInLines, seedAdminPassword } from "./seed/admin-sign-in";
import { createApp } from "./app";
import { EnvError, loadDotEnv, loadEnv } from "./env";
import { ResponseCache } from "./http/response-cache";
import { createLogger } from "./logger";
import { createMailer } from "./mail/mailer";
import { createPaymentProvider } from "./payments";
import { liveDrawAt } from "../shared/live-schedule";
import { sendCheckoutReminders } from "./services/checkout-reminders";
import { claimsTick } from "./services/claims";
import { referralsTick } from "./services/promotions/referral-rewards";
import { liveSchedule } from "./services/live";
import { lifecycleTick } from "./services/draws";
import { sweepPendingOrders, type PurchaseOutcome } from "./services/purchase";
import { metricsEnabled } from "./http/metrics";
import { ShopMetrics } from "./metrics";
import { LocalDiskStorage } from "./storage/local-disk";
import { PostgresObjectStorage } from "./storage/postgres";

const CLIENT_DIR = fileURLToPath(new URL("../../dist/client", import.meta.url));

/** The runtime the shop is built and tested on; older ones crash in the SQLite driver, so they are refused in words. */
const MIN_NODE_MAJOR = 24;

async function main(): Promise<void> {
  if (Number(process.versions.node.split(".")[0]) < MIN_NODE_MAJOR) {
    console.error(
      `Harvest Draws runs on Node.js ${MIN_NODE_MAJOR} LTS or newer, and this is Node.js ${process.versions.node}. ` +
        `Start it with \`npm start\`, or run node_modules/.bin/node (the Node.js ${MIN_NODE_MAJOR} that \`npm ci\` installs).`,
    );
    process.exit(1);
  }
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
  // A missing folder, a read-only file or a PostgreSQL server out of reach stops start-up with one line saying so.
  let db: Db;
  let unlock: () => void = () => {};
  if (env.DATABASE_URL) {
    try {
      const opened = await openPostgres(env.DATABASE_URL, {
        poolSize: env.DATABASE_POOL_SIZE,
        onIdleError: (error) => logger.warn("a PostgreSQL connection was lost; the pool makes another", { err: error.message }),
      });
      db = createPostgresDb(opened.$client);
    } catch (err) {
      console.error(err instanceof PostgresUnreachableError || err instanceof PostgresMigrationError ? err.message : `Cannot open PostgreSQL: ${String(err)}`);
      process.exit(1);
    }
  } else {
    try {
      db = openDatabase(env.DATABASE_PATH, { createFolder: dirname(env.DATABASE_PATH) === env.DATA_DIR });
      // While this process runs, db:restore refuses to swap the file from under it.
      unlock = lockDatabase(env.DATABASE_PATH);
      process.on("exit", unlock);
      migrateDb(db);
    } catch (err) {
      const reason = err instanceof Error ? err.message.split("\n")[0] : String(err);
      console.error(
        err instanceof DatabaseOpenError || err instanceof SqliteDriverError ? err.message : `Cannot open the database at ${env.DATABASE_PATH}: ${reason}`,
      );
      process.exit(1);
    }
  }
  const pool = poolOf(db);
  const databaseShown = env.DATABASE_URL ? `PostgreSQL at ${shownUrl(env.DATABASE_URL)}` : env.DATABASE_PATH;
  // The timers every process runs (the sweep, the lifecycle, claims, the mail sender) run in one process at a time on PostgreSQL.
  const alone = async (job: string, work: () => Promise<void>): Promise<void> => {
    if (!pool) return work();
    await runAlone(pool, job, work);
  };

  // Processes starting together on one PostgreSQL seed in turn: the first seeds an empty shop, the others find it seeded.
  const seedShop = () => seed(db, { demo: env.SEED_DEMO, adminEmail: env.SEED_ADMIN_EMAIL, adminPassword: seedAdminPassword(env) });
  const seeded = pool ? await runInTurn(pool, "seed", seedShop) : await seedShop();

  const provider = await createPaymentProvider(env, db, logger);
  const demo = provider.name === "simulated";
  if (demo) {
    // Loud on purpose: the default provider approves any Luhn-valid card, so a shop that forgot to
    // configure Stripe must not look like it takes money.
    logger.warn("payments are simulated: demo shop, no real money is taken", { paymentProvider: "simulated" });
    console.error("PAYMENT_PROVIDER is simulated: this is a demo shop and takes no real money.");
  }
  const cache = new ResponseCache();
  // On PostgreSQL, a write in any process drops every process's cached pages (LISTEN/NOTIFY, db/change-feed.ts).
  const feed = env.DATABASE_URL
    ? new ChangeFeed(env.DATABASE_URL, {
        onChange: (missed) => {
          cache.invalidateFromElsewhere();
          if (missed) logger.info("the change feed is back: cached pages dropped");
        },
        onLost: (error) => logger.warn("the change feed lost its connection; it reconnects", { err: error.message }),
      })
    : null;
  if (feed) {
    try {
      await feed.start();
    } catch (err) {
      console.error(`Cannot listen for changes on PostgreSQL at ${shownUrl(env.DATABASE_URL!)}: ${err instanceof Error ? err.message : String(err)}`);
      process.exit(1);
    }
    // Writes close together are told once, after the turn that made them.
    let telling = false;
    cache.onInvalidate(() => {
      if (telling) return;
      telling = true;
      setImmediate(() => {
        telling = false;
        feed.notify().catch((err: Error) => logger.warn("could not tell the other processes of a change", { err: err.message }));
      });
    });
  }
  const mailer = createMailer(db, {
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    replyTo: env.MAIL_REPLY_TO,
    logger,
    exclusive: pool ? async (pass) => ((r) => (r.ran ? r.value : 0))(await runAlone(pool, "mail", pass)) : undefined,
  });
  // The admin's banner and /api/health say so too.
  if (!env.SMTP_URL) logger.warn("SMTP_URL is not set: mail is kept in the outbox and not sent", { mail: "not configured" });
  // GET /metrics: one registry for the requests and the sweep, so orders the sweep settles or expires count too.
  const metricsAccess = { token: env.METRICS_TOKEN, loopback: env.METRICS_LOOPBACK };
  const metrics = metricsEnabled(metricsAccess) ? new ShopMetrics(db, { mailer: () => mailer }) : null;
  const payments = metrics ? metrics.instrument(provider) : provider;
  const purchaseOutcomes = metrics ? (outcome: PurchaseOutcome, reason?: string) => metrics.purchase(outcome, reason) : undefined;
  // Links in mail sent without a request (a scheduled draw, a reminder, an instant win settled late) use the public origin.
  const mailOrigin = env.PUBLIC_ORIGIN ?? `http://localhost:${env.PORT}`;
  const secure = env.PUBLIC_ORIGIN?.startsWith("https://") ?? false;
  const app = createApp({
    db,
    config: {
      secureCookies: secure,
      allowedOrigins: env.PUBLIC_ORIGIN ? [env.PUBLIC_ORIGIN] : [],
      trustProxy: env.TRUST_PROXY,
      orderHoldMs: env.ORDER_HOLD_SECONDS * 1000,
      authHoldMs: env.THREE_DS_HOLD_SECONDS * 1000,
      stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY,
      cashflowsEnvironment: env.CASHFLOWS_ENVIRONMENT,
      cashflowsWallets: env.CASHFLOWS_WALLETS,
      cardDescriptor: env.CARD_DESCRIPTOR,
    },
    // The app builds the purchase path once, with one guard for the requests and the sweep (app.purchasing).
    services: { payments, mailer, purchaseOutcomes },
    cache,
    // On PostgreSQL every process reads the same uploads: they are kept in the database.
    storage: pool ? new PostgresObjectStorage(pool) : new LocalDiskStorage(join(env.DATA_DIR, "uploads")),
    clientDir: CLIENT_DIR,
    wellKnownDir: join(env.DATA_DIR, "well-known"),
    logger,
    maxBodyBytes: env.MAX_BODY_BYTES,
    publicOrigin: env.PUBLIC_ORIGIN,
    mailOrigin,
    requestBudget: { perSecond: env.API_RATE_LIMIT_PER_SECOND, burst: env.API_RATE_LIMIT_BURST },
    metrics: metrics ? { ...metricsAccess, shop: metrics } : null,
  });
  // Orders left pending by a crash or a lost payment answer give their ticket numbers back, settled by
  // the same purchase path as checkout (its hold times, guard and provider).
  const sweep = async () => {
    const swept = await sweepPendingOrders(app.purchasing);
    if (swept.failed || swept.settled) {
      logger.info("pending orders reconciled", swept);
      cache.invalidate();
    }
  };
  // Sales close at the end date or sell-out; due draws run at the draw date (unless drawn live).
  let ticking = false;
  let lastEvening = 0;
  const lifecycle = async () => {
    if (ticking) return;
    ticking = true;
    try {
      await alone("sweep", sweep);
      await alone("lifecycle", async () => {
        const done = await lifecycleTick({ db, mailer, origin: mailOrigin });
        if (done.closed || done.frozen || done.drawn) {
          logger.info("competition lifecycle", done);
          cache.invalidate();
        }
      });

      // The cached GET /api/live names the evening's time: a new evening (6 hours after the last began) refreshes it.
      const evening = liveDrawAt(await liveSchedule(db), new Date()).getTime();
      if (evening !== lastEvening) {
        if (lastEvening !== 0) cache.invalidate();
        lastEvening = evening;
      }
    } catch (err) {
      logger.error("lifecycle tick failed", { err: err instanceof Error ? err.message : String(err) });
    }
    // Winners who have not claimed: reminders at 48 hours and 7 days, expiry at the window's end (apart, so a failing draw never holds them up).
    try {
      await alone("claims", async () => {
        const claims = await claimsTick({ db, mailer, origin: mailOrigin });
        if (claims.reminded || claims.expired) logger.info("prize claims", claims);
      });
    } catch (err) {
      logger.error("claims tick failed", { err: err instanceof Error ? err.message : String(err) });
    }
    // Unfinished checkouts: one reminder each, when the operator has turned them on (checkout_reminder_hours).
    try {
      await alone("checkout-reminders", async () => {
        const reminders = await sendCheckoutReminders(db, { origin: mailOrigin });
        if (reminders.sent || reminders.skipped) {
          logger.info("checkout reminders", reminders);
          mailer.poke();
        }
      });
    } catch (err) {
      logger.error("checkout reminders failed", { err: err instanceof Error ? err.message : String(err) });
    }
    // Referrals: a friend's first paid order starts the refund window; past it, both sides are rewarded once (or not, with the reason).
    try {
      await alone("referrals", async () => {
        const referrals = await referralsTick(db);
        if (referrals.started || referrals.rewarded || referrals.voided) logger.info("referrals", referrals);
      });
    } catch (err) {
      logger.error("referrals failed", { err: err instanceof Error ? err.message : String(err) });
    } finally {
      ticking = false;
    }
  };
  await lifecycle();
  const sweeper = setInterval(() => void lifecycle(), env.SWEEP_INTERVAL_SECONDS * 1000);
  sweeper.unref();
  void mailer.flush();

  let stopping = false;
  const server = createServer((req, res) => {
    // While shutting down, finish what is in flight but tell clients not to reuse the connection.
    if (stopping) res.setHeader("Connection", "close");
    app(req, res);
  });
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.requestTimeout = 30_000;

  server.on("error", (err: NodeJS.ErrnoException) => {
    console.error(`Cannot listen on ${env.HOST}:${env.PORT}: ${err.code === "EADDRINUSE" ? "the port is in use" : err.message}`);
    process.exit(1);
  });
  server.listen(env.PORT, env.HOST, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : env.PORT;
    const url = env.PUBLIC_ORIGIN ?? `http://localhost:${port}`;
    logger.info("server started", { url, database: databaseShown, mode: env.NODE_ENV, paymentProvider: provider.name });
    const lines = [``, `  Harvest Draws is running at ${url}`, `  Database: ${databaseShown}`];
    if (demo)
      lines.push(
        `  Payments: SIMULATED (a demo shop: no real money is taken; set PAYMENT_PROVIDER=cashflows or stripe to sell: README, "Choosing a payment provider")`,
      );
    lines.push(...adminSignInLines(seeded, env).map((line) => `  ${line}`));
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
      // After every piece of work already waiting for the connection (a group commit, say) is done.
      void Promise.all([db.close(), feed?.stop()])
        .catch(() => {})
        .finally(() => {
          unlock();
          process.exit(0);
        });
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
