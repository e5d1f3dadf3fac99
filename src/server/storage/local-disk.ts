import { createReadStream } from "node:fs";
import { mkdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { ObjectStorage } from "./storage";

const KEY = /^[a-z0-9-]{8,80}$/;

export class LocalDiskStorage implements ObjectStorage {
  constructor(private readonly dir: string) {}

  private path(key: string): string {
    if (!KEY.test(key)) throw new Error("invalid object key");
    return join(this.dir, key);
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    await writeFile(this.path(key), data);
    await writeFile(`${this.path(key)}.json`, JSON.stringify({ contentType }));
  }

  async get(key: string) {
    if (!KEY.test(key)) return null;
    try {
      const [meta, info] = await Promise.all([readFile(`${this.path(key)}.json`, "utf8"), stat(this.path(key))]);
      return { stream: createReadStream(this.path(key)), contentType: (JSON.parse(meta) as { contentType: string }).contentType, size: info.size };
    } catch {
      return null;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
    await rm(`${this.path(key)}.json`, { force: true });
  }
}
