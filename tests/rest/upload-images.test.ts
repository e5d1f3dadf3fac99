import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { crc32 } from "node:zlib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { IMAGE_TOO_LARGE_MESSAGE, IMAGE_UNREADABLE_MESSAGE } from "../../src/server/storage/clean-image";
import { LocalDiskStorage } from "../../src/server/storage/local-disk";
import { createUserWithSession } from "../factories/users";
import { createTestDb } from "../helpers/db";
import { startTestServer } from "../helpers/http";

/*
 * A prize or winner photo from a phone goes out to everyone who opens the page: the shop keeps it
 * only as it will be served, upright and without its EXIF block (camera, serial number, and the
 * GPS position where it was taken), and refuses what it cannot or must not decode. Real HTTP, real
 * files on disk, real JPEG and PNG encoders.
 */
const db = createTestDb();
const mediaDir = mkdtempSync(join(tmpdir(), "upload-images-"));
const api = await startTestServer(db, { storage: new LocalDiskStorage(mediaDir) });
const { token } = await createUserWithSession(db, "admin");

/** Uploads through a fresh one-time URL; answers the status and, when kept, the served bytes. */
async function upload(body: Buffer): Promise<{ status: number; message?: string; served?: Buffer; contentType?: string | null }> {
  const grant = (await api.request("/api/campaign-media/upload-url", { method: "POST", token, body: { filename: "photo.jpg" } })).json;
  const put = await fetch(api.origin + grant.uploadUrl, { method: "PUT", body: new Uint8Array(body), headers: { "x-session-token": token } });
  if (put.status !== 200) return { status: put.status, message: ((await put.json()) as { message: string }).message };
  const served = await fetch(api.origin + grant.objectPath);
  return { status: 200, served: Buffer.from(await served.arrayBuffer()), contentType: served.headers.get("content-type") };
}

/** A phone photo: 60 × 40 pixels stored sideways (EXIF orientation 6, "rotate 90° to view"), with GPS and camera tags. */
async function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 60, height: 40, channels: 3, background: "#6b8e23" } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: "FarmPhone", Model: "FP-12", Artist: "Winner's family" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "52/1 22/1 1234/100", GPSLongitudeRef: "W", GPSLongitude: "2/1 43/1 0/1" },
    })
    .toBuffer();
}

/** A real 1 × 1 PNG whose header claims `width` × `height` pixels (its checksum made right): a decompression bomb's shape. */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: "#000" } })
      .png()
      .toBuffer(),
  );
  // IHDR's data starts at byte 16 (8 signature, 4 length, 4 type); its CRC covers type and data (bytes 12-29).
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)) >>> 0, 29);
  return png;
}

describe("uploaded photos are kept as they will be served", () => {
  it("strips a phone photo's EXIF (GPS position, camera, serial) and turns it upright", async () => {
    const original = await phonePhoto();
    const before = await sharp(original).metadata();
    expect(before.exif, "the test photo carries EXIF").toBeDefined();
    expect(before.orientation).toBe(6);

    const kept = await upload(original);
    expect(kept.status).toBe(200);
    expect(kept.contentType).toBe("image/jpeg");
    const after = await sharp(kept.served!).metadata();
    expect(after.format).toBe("jpeg");
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    // Upright: stored sideways as 60 × 40, served as the viewer saw it, 40 × 60.
    expect([after.width, after.height]).toEqual([40, 60]);
    // No trace of the tags in the bytes themselves.
    for (const tag of ["FarmPhone", "FP-12", "Winner's family", "GPS"]) expect(kept.served!.includes(tag), tag).toBe(false);
  });

  it("keeps a PNG a PNG, without its text chunks", async () => {
    const png = await sharp({ create: { width: 20, height: 10, channels: 4, background: "#ffffff00" } })
      .png()
      .withMetadata({ exif: { IFD0: { Artist: "Somebody at home" } } })
      .toBuffer();
    const kept = await upload(png);
    expect(kept.status).toBe(200);
    expect(kept.contentType).toBe("image/png");
    const after = await sharp(kept.served!).metadata();
    expect(after).toMatchObject({ format: "png", width: 20, height: 10 });
    expect(after.exif).toBeUndefined();
    expect(kept.served!.includes("Somebody at home")).toBe(false);
  });

  it("refuses a decompression bomb (a small file claiming 40,000 × 40,000 pixels) before decoding it, with the upload's message", async () => {
    const bomb = await pngClaiming(40_000, 40_000);
    expect(bomb.length).toBeLessThan(200);
    const refused = await upload(bomb);
    expect(refused).toMatchObject({ status: 413, message: IMAGE_TOO_LARGE_MESSAGE });
    // The server is still there and keeps the next good photo.
    expect((await upload(await phonePhoto())).status).toBe(200);
  });

  it("refuses a damaged image (a JPEG's signature, then nothing a decoder can read)", async () => {
    const damaged = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(4096, 0x41)]);
    expect(await upload(damaged)).toMatchObject({ status: 415, message: IMAGE_UNREADABLE_MESSAGE });
    const truncated = (await phonePhoto()).subarray(0, 300);
    expect(await upload(truncated)).toMatchObject({ status: 415, message: IMAGE_UNREADABLE_MESSAGE });
  });

  it("cleans a photo stored before uploads were cleaned the first time it is asked for, and keeps it cleaned", async () => {
    // As an older shop stored it: the phone's bytes as uploaded, and only their type beside them.
    const key = "0a1b2c3d-0000-4000-8000-00000000cafe";
    writeFileSync(join(mediaDir, key), await phonePhoto());
    writeFileSync(join(mediaDir, `${key}.json`), JSON.stringify({ contentType: "image/jpeg" }));
    const first = await fetch(`${api.origin}/objects/uploads/${key}`);
    expect(first.status).toBe(200);
    const served = Buffer.from(await first.arrayBuffer());
    expect(Number(first.headers.get("content-length"))).toBe(served.length);
    expect((await sharp(served).metadata()).exif).toBeUndefined();
    expect(served.includes("FarmPhone")).toBe(false);
    // Stored cleaned: the file on disk is now the one served, and says so.
    expect(readFileSync(join(mediaDir, key)).equals(served)).toBe(true);
    expect(JSON.parse(readFileSync(join(mediaDir, `${key}.json`), "utf8"))).toEqual({ contentType: "image/jpeg", cleaned: true });
    const again = Buffer.from(await (await fetch(`${api.origin}/objects/uploads/${key}`)).arrayBuffer());
    expect(again.equals(served)).toBe(true);
  });

  it("serves an old stored image it cannot decode as it was, rather than losing it", async () => {
    const key = "0a1b2c3d-0000-4000-8000-00000000beef";
    const odd = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 0x41)]);
    writeFileSync(join(mediaDir, key), odd);
    writeFileSync(join(mediaDir, `${key}.json`), JSON.stringify({ contentType: "image/jpeg" }));
    const res = await fetch(`${api.origin}/objects/uploads/${key}`);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(odd)).toBe(true);
  });
});
