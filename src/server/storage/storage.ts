import type { Readable, Writable } from "node:stream";

/**
 * An object being written: bytes go to `stream` (somewhere no reader can see them), and the object
 * appears under its key only on `commit`. `abort` throws away whatever was written.
 */
/** What is recorded with an object besides its bytes. */
export interface ObjectMeta {
  contentType: string;
  /** An image decoded and written again without its metadata (EXIF, GPS…); absent on images stored before that. */
  cleaned?: boolean;
}

export interface PendingObject {
  stream: Writable;
  commit(contentType: string, extra?: Omit<ObjectMeta, "contentType">): Promise<void>;
  abort(): Promise<void>;
}

/** Where uploaded media lives. Local disk today; an S3-compatible store can implement the same. */
export interface ObjectStorage {
  put(key: string, data: Buffer, contentType: string, extra?: Omit<ObjectMeta, "contentType">): Promise<void>;
  /** Starts writing an object without holding it in memory (an upload streams into it). */
  begin(key: string): Promise<PendingObject>;
  get(key: string): Promise<({ stream: Readable; size: number } & ObjectMeta) | null>;
  remove(key: string): Promise<void>;
}

/** `put` by way of `begin`: the bytes written to a pending object and committed, or nothing kept when that fails. */
export async function putThroughBegin(
  storage: ObjectStorage,
  key: string,
  data: Buffer,
  contentType: string,
  extra: Omit<ObjectMeta, "contentType"> = {},
): Promise<void> {
  const pending = await storage.begin(key);
  try {
    await new Promise<void>((resolve, reject) => {
      pending.stream.once("error", reject);
      pending.stream.end(data, resolve);
    });
    await pending.commit(contentType, extra);
  } catch (err) {
    await pending.abort();
    throw err;
  }
}
