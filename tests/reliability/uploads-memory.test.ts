import Database from "better-sqlite3";
import { createHash, randomBytes } from "node:crypto";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedAdminSession, startServerProcess, type ServerProcess } from "../helpers/server-process";

/*
 * Uploads stream to a temporary file with their type and size checked on the way, so the server's
 * memory stays flat however large (or however many) the files: measured on the real server process.
 */
const MB = 1024 * 1024;
let server: ServerProcess;
let token: string;

/** An admin with a session, and media limits of 1 MB for images and 100 MB for videos. */
function prepare(dataDir: string): string {
  const session = seedAdminSession(dataDir, "Upload");
  const db = new Database(join(dataDir, "shop.db"));
  db.pragma("busy_timeout = 5000");
  const now = Date.now();
  const set = db.prepare(
    "insert into settings (key, value, category, updated_at) values (?, ?, 'media', ?) on conflict(key) do update set value = excluded.value",
  );
  set.run("max_image_size_mb", "1", now);
  set.run("max_video_size_mb", "100", now);
  db.close();
  return session;
}

async function uploadUrl(): Promise<{ uploadUrl: string; objectPath: string }> {
  const res = await fetch(`${server.url}/api/campaign-media/upload-url`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-session-token": token },
    body: JSON.stringify({ filename: "big.bin" }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { uploadUrl: string; objectPath: string };
}

const rssBytes = () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.proc.pid}/status`, "utf8"))![1]) * 1024;

/** The peak resident memory of the server while `work` runs, above what it was just before. */
async function peakGrowth(work: () => Promise<unknown>): Promise<number> {
  const before = rssBytes();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssBytes())), 10);
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  return Math.max(peak, rssBytes()) - before;
}

/**
 * PUTs `head` followed by `total - head.length` bytes from `fill`, chunked (no Content-Length, so
 * the server has to count). Stops sending once an answer arrives; `abortAfter` drops the connection.
 */
function put(path: string, head: Buffer, total: number, opts: { abortAfter?: number; fill?: (i: number) => Buffer } = {}) {
  const hash = createHash("sha256");
  return new Promise<{ status: number | null; body: string; sha256: string }>((resolve, reject) => {
    let answered = false;
    const req = request(`${server.url}${path}`, { method: "PUT", headers: { "x-session-token": token, "content-type": "application/octet-stream" } }, (res) => {
      answered = true;
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c) => (body += c));
      res.on("end", () => {
        resolve({ status: res.statusCode ?? null, body, sha256: hash.digest("hex") });
        req.destroy(); // an early answer (a refusal): stop sending the rest
      });
      res.on("error", reject);
    });
    req.on("error", (err) => {
      if (opts.abortAfter !== undefined) resolve({ status: null, body: "", sha256: "" });
      else if (!answered) reject(err);
    });
    let sent = 0;
    let i = 0;
    const pump = () => {
      while (!answered) {
        if (opts.abortAfter !== undefined && sent >= opts.abortAfter) {
          req.destroy();
          return;
        }
        if (sent >= total) {
          req.end();
          return;
        }
        const chunk = sent === 0 ? head : (opts.fill?.(i++) ?? ZEROES).subarray(0, total - sent);
        hash.update(chunk);
        sent += chunk.length;
        if (!req.write(chunk)) {
          req.once("drain", pump);
          return;
        }
      }
    };
    pump();
  });
}

const ZEROES = Buffer.alloc(MB);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
const MP4 = Buffer.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0, 0, 0, 0]);
/** Bytes that differ chunk by chunk, so a misplaced or repeated chunk shows in the hash. */
const PATTERN = Array.from({ length: 8 }, () => randomBytes(MB));

const uploadsDir = () => join(server.dataDir, "uploads");
const tempFiles = () => {
  try {
    return readdirSync(uploadsDir()).filter((f) => f.endsWith(".tmp"));
  } catch {
    return [];
  }
};

beforeAll(async () => {
  server = await startServerProcess();
  token = prepare(server.dataDir);
  // Warm the upload path once so its code (and the image library) is loaded before anything is measured.
  const picture = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#2f6b3a" } })
    .png()
    .toBuffer();
  const warm = await put((await uploadUrl()).uploadUrl, picture, picture.length);
  expect(warm.status).toBe(200);
}, 30_000);

afterAll(async () => {
  server?.proc.kill("SIGTERM");
  await server?.exited;
  if (server) rmSync(server.dataDir, { recursive: true, force: true });
});

describe("large uploads", () => {
  it("refuses three concurrent 60 MB images over a 1 MB limit with 413, without the server holding them", async () => {
    const urls = await Promise.all([uploadUrl(), uploadUrl(), uploadUrl()]);
    let answers: Array<{ status: number | null; body: string }> = [];
    const growth = await peakGrowth(async () => {
      answers = await Promise.all(urls.map((u) => put(u.uploadUrl, PNG, 60 * MB)));
    });
    console.log(`refused uploads: server RSS grew by ${(growth / MB).toFixed(1)} MB for 180 MB sent`);
    for (const a of answers) {
      expect(a.status).toBe(413);
      expect(JSON.parse(a.body)).toEqual({ message: "File too large. Please select a image (max 1 MB)" });
    }
    expect(growth).toBeLessThan(36 * MB);
    expect(tempFiles()).toEqual([]);
    for (const u of urls) expect((await fetch(server.url + u.objectPath)).status).toBe(404);
  }, 60_000);

  it("refuses a file whose first bytes are not an allowed type before reading the rest", async () => {
    const { uploadUrl: path } = await uploadUrl();
    const answer = await put(path, Buffer.from("<html><script>alert(1)</script>"), 60 * MB);
    expect(answer.status).toBe(415);
    expect(JSON.parse(answer.body).message).toMatch(/^Invalid file type\. Allowed: /);
  }, 30_000);

  it("stores three concurrent 60 MB videos byte for byte, streaming them to disk", async () => {
    const urls = await Promise.all([uploadUrl(), uploadUrl(), uploadUrl()]);
    let answers: Array<{ status: number | null; sha256: string }> = [];
    const growth = await peakGrowth(async () => {
      answers = await Promise.all(urls.map((u) => put(u.uploadUrl, MP4, 60 * MB, { fill: (i) => PATTERN[i % PATTERN.length]! })));
    });
    console.log(`stored uploads: server RSS grew by ${(growth / MB).toFixed(1)} MB for 180 MB stored`);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    // Not zero: the chunks read from the sockets are garbage that V8 collects in batches (it lets
    // tens of MB of such buffers build up first, more on a busy machine where it collects later: 59 MB
    // on a quiet one, 76 MB seen beside the rest of the suite), but bounded, where holding the files costs 180 MB+.
    expect(growth).toBeLessThan(96 * MB);
    for (const [i, u] of urls.entries()) {
      const served = await fetch(server.url + u.objectPath);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("video/mp4");
      const hash = createHash("sha256");
      const reader = served.body!.getReader();
      for (let part = await reader.read(); !part.done; part = await reader.read()) hash.update(part.value);
      expect(hash.digest("hex")).toBe(answers[i]!.sha256);
    }
    expect(tempFiles()).toEqual([]);
  }, 60_000);

  it("leaves no temporary file behind when the client gives up half way", async () => {
    const { uploadUrl: path, objectPath } = await uploadUrl();
    const key = objectPath.split("/").pop()!;
    await put(path, MP4, 40 * MB, { abortAfter: 8 * MB });
    for (let i = 0; i < 100 && tempFiles().length; i++) await new Promise((r) => setTimeout(r, 20));
    expect(tempFiles()).toEqual([]);
    expect(readdirSync(uploadsDir()).filter((f) => f.includes(key))).toEqual([]);
    expect((await fetch(server.url + objectPath)).status).toBe(404);
    // The server is unharmed.
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  }, 30_000);
});
