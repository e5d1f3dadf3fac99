import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Readable } from "node:stream";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPostgres } from "../../db/postgres";
import { LocalDiskStorage } from "../../src/server/storage/local-disk";
import { CHUNK_BYTES, PostgresObjectStorage } from "../../src/server/storage/postgres";
import type { ObjectStorage } from "../../src/server/storage/storage";
import { startPostgres, type TestPostgres } from "../helpers/postgres";

// Where uploaded media live: on disk for one process (SQLite's shop), in the database for several
// (PostgreSQL's, decision 015). Both keep the same promises, checked here against each on real parts: a
// folder on disk, and a real PostgreSQL server.

interface Store {
  storage: ObjectStorage;
  /** Another process's view of the same media (a second pool on the database; the same folder). */
  elsewhere: () => ObjectStorage;
  /** Whatever bytes are kept beside the objects a reader can find (left by an abandoned upload, a replaced object). */
  leftovers: () => Promise<number>;
}

let server: TestPostgres;
let dir: string;
const pools: pg.Pool[] = [];

beforeAll(async () => {
  server = await startPostgres();
  dir = mkdtempSync(join(tmpdir(), "harvest-media-"));
}, 60_000);

afterAll(async () => {
  await Promise.all(pools.map((p) => p.end().catch(() => {})));
  server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function onDisk(): Promise<Store> {
  const folder = mkdtempSync(join(dir, "disk-"));
  const known = () => readdirSync(folder).filter((f) => !f.endsWith(".json"));
  return {
    storage: new LocalDiskStorage(folder),
    elsewhere: () => new LocalDiskStorage(folder),
    // Temporary files of uploads not committed.
    leftovers: async () => known().filter((f) => f.startsWith(".upload-")).length,
  };
}

async function inPostgres(): Promise<Store> {
  const url = await server.createDatabase(`media_${randomBytes(4).toString("hex")}`);
  const db = await openPostgres(url);
  pools.push(db.$client);
  const other = new pg.Pool({ connectionString: url });
  pools.push(other);
  return {
    storage: new PostgresObjectStorage(db.$client),
    elsewhere: () => new PostgresObjectStorage(other),
    // Chunks that belong to no object.
    leftovers: async () =>
      Number(
        (
          await db.$client.query<{ n: string }>(
            "SELECT count(*) AS n FROM media_chunks c WHERE NOT EXISTS (SELECT 1 FROM media_objects o WHERE o.upload_id = c.upload_id)",
          )
        ).rows[0]!.n,
      ),
  };
}

async function bytesOf(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}
const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");

async function streamIn(storage: ObjectStorage, key: string, data: Buffer, piece = 64 * 1024) {
  const pending = await storage.begin(key);
  for (let at = 0; at < data.length; at += piece) {
    if (!pending.stream.write(data.subarray(at, at + piece))) await new Promise((resolve) => pending.stream.once("drain", resolve));
  }
  await new Promise<void>((resolve) => pending.stream.end(resolve));
  return pending;
}

describe.each([
  ["on disk", onDisk],
  ["in PostgreSQL", inPostgres],
])("uploaded media %s", (_where, make) => {
  let store: Store;
  beforeAll(async () => {
    store = await make();
  });

  it("gives back exactly the bytes, type and size that were put, cleaned or not", async () => {
    const photo = Buffer.concat([Buffer.from([0, 0, 255, 0]), randomBytes(CHUNK_BYTES + 17)]);
    await store.storage.put("winner-photo-0001", photo, "image/jpeg", { cleaned: true });
    const got = await store.storage.get("winner-photo-0001");
    expect(got && { type: got.contentType, size: got.size, cleaned: got.cleaned }).toEqual({ type: "image/jpeg", size: photo.length, cleaned: true });
    expect(sha(await bytesOf(got!.stream))).toBe(sha(photo));
    await store.storage.put("hero-video-0001", Buffer.from("not an image"), "video/mp4");
    expect((await store.storage.get("hero-video-0001"))?.cleaned).toBeUndefined();
  });

  it("streams a large upload in, and shows it to no reader until it is committed, whole", async () => {
    const video = randomBytes(3 * CHUNK_BYTES + 12_345);
    const pending = await streamIn(store.storage, "prize-video-0002", video);
    expect(await store.storage.get("prize-video-0002")).toBeNull();
    await pending.commit("video/mp4");
    const got = await store.elsewhere().get("prize-video-0002");
    expect(got?.size).toBe(video.length);
    expect(sha(await bytesOf(got!.stream))).toBe(sha(video));
  });

  it("leaves nothing behind for an upload abandoned half way", async () => {
    const pending = await store.storage.begin("abandoned-0003");
    pending.stream.write(randomBytes(CHUNK_BYTES * 2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await pending.abort();
    expect(await store.storage.get("abandoned-0003")).toBeNull();
    expect(await store.leftovers()).toBe(0);
  });

  it("replaces an object under the same key, keeping nothing of the old bytes", async () => {
    await store.storage.put("category-icon-0004", randomBytes(CHUNK_BYTES + 1), "image/png");
    const second = Buffer.from("the new icon");
    await store.storage.put("category-icon-0004", second, "image/webp");
    const got = await store.elsewhere().get("category-icon-0004");
    expect(got?.contentType).toBe("image/webp");
    expect((await bytesOf(got!.stream)).toString()).toBe("the new icon");
    expect(await store.leftovers()).toBe(0);
  });

  it("removes an object, and refuses a key that could name anything else", async () => {
    await store.storage.put("to-remove-0005", Buffer.from("bye"), "image/png");
    await store.storage.remove("to-remove-0005");
    expect(await store.elsewhere().get("to-remove-0005")).toBeNull();
    expect(await store.leftovers()).toBe(0);
    expect(await store.storage.get("../../etc/passwd")).toBeNull();
    await expect(store.storage.begin("../escape")).rejects.toThrow(/invalid object key/);
    await expect(store.storage.put("UPPER CASE", Buffer.from("x"), "image/png")).rejects.toThrow(/invalid object key/);
  });
});
