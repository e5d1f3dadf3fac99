import type { Readable } from "node:stream";

/** Where uploaded media lives. Local disk today; an S3-compatible store can implement the same. */
export interface ObjectStorage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<{ stream: Readable; contentType: string; size: number } | null>;
  remove(key: string): Promise<void>;
}
