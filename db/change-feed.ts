import pg from "pg";

/** The channel on which a process says that the shop's data changed. */
export const CHANNEL = "shop_data";

export interface ChangeFeedOptions {
  /** Another process changed data: drop what is cached. `missed` is true after a reconnect, when changes may have gone unheard. */
  onChange: (missed: boolean) => void;
  /** The dedicated connection was lost (it is made again after `retryMs`). */
  onLost?: (error: Error) => void;
  retryMs?: number;
}

/**
 * Tells every process of the shop when data changes, through PostgreSQL's LISTEN/NOTIFY on a connection
 * of its own (docs/decisions/015-postgresql-beside-sqlite.md): a write in one process drops the read and
 * page caches in all of them. PostgreSQL does not replay what was sent while a listener was away, so
 * when the connection comes back the caches are dropped anyway (`onChange(true)`). A process does not
 * hear its own notifications: it has already dropped its caches.
 */
export class ChangeFeed {
  private client: pg.Client | null = null;
  private stopped = false;
  private retry: NodeJS.Timeout | null = null;
  private connectedOnce = false;
  private ownPid = 0;

  constructor(
    private readonly url: string,
    private readonly opts: ChangeFeedOptions,
  ) {}

  /** Connects and listens; resolves once listening (rejects when the first connection cannot be made). */
  async start(): Promise<void> {
    await this.connect();
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on("notification", (n) => {
      if (n.channel === CHANNEL && n.processId !== this.ownPid) this.opts.onChange(false);
    });
    client.on("error", (error) => this.lost(client, error));
    client.on("end", () => this.lost(client, new Error("the connection ended")));
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    this.ownPid = (client as unknown as { processID: number }).processID;
    if (this.stopped) return void (await client.end());
    this.client = client;
    // Back after a loss: whatever was sent meanwhile was not heard.
    if (this.connectedOnce) this.opts.onChange(true);
    this.connectedOnce = true;
  }

  private lost(client: pg.Client, error: Error): void {
    if (this.client !== client || this.stopped) return;
    this.client = null;
    this.opts.onLost?.(error);
    client.removeAllListeners("end");
    client.end().catch(() => {});
    this.scheduleRetry();
  }

  private scheduleRetry(): void {
    if (this.stopped || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      this.connect().catch(() => this.scheduleRetry());
    }, this.opts.retryMs ?? 1000);
  }

  /** Whether the feed is listening now. */
  get listening(): boolean {
    return this.client !== null;
  }

  /**
   * Tells the other processes that data changed: from this feed's connection, so this process does not hear
   * it; while that connection is being made again, from a connection of its own, so no change goes untold.
   */
  async notify(): Promise<void> {
    if (this.client) return void (await this.client.query("SELECT pg_notify($1, '')", [CHANNEL]));
    const once = new pg.Client({ connectionString: this.url });
    await once.connect();
    try {
      await once.query("SELECT pg_notify($1, '')", [CHANNEL]);
    } finally {
      await once.end();
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    if (client) {
      client.removeAllListeners("end");
      await client.end().catch(() => {});
    }
  }
}
