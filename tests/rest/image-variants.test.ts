import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp, { type Metadata } from "sharp";
import { describe, expect, it } from "vitest";
import { IMAGE_WIDTHS, previewImagePath, variantUrl, type ImageFormat } from "../../src/shared/images";
import { LocalDiskStorage } from "../../src/server/storage/local-disk";
import { createUserWithSession } from "../factories/users";
import { createTestDb } from "../helpers/db";
import { startTestServer } from "../helpers/http";

/*
 * A phone opening a competition downloads a copy of its photo the size of the card it is drawn in,
 * in a format it reads (AVIF, WebP or JPEG), never the 6 MB original; every copy goes out without the
 * photo's EXIF (GPS position, camera, serial). Copies are made once and kept, and a link preview gets
 * a 1200 × 630 card. Real HTTP, real files on disk, real encoders.
 */

/** Local disk, counting how often each object is written: a copy made twice is written twice. */
class CountingStorage extends LocalDiskStorage {
  readonly writes = new Map<string, number>();
  override async put(...args: Parameters<LocalDiskStorage["put"]>): Promise<void> {
    this.writes.set(args[0], (this.writes.get(args[0]) ?? 0) + 1);
    return super.put(...args);
  }
}

const db = createTestDb();
const mediaDir = mkdtempSync(join(tmpdir(), "image-variants-"));
const storage = new CountingStorage(mediaDir);
// The built storefront's folder: the shop's own pictures in images/, and a file beside it a preview must never read.
const clientDir = mkdtempSync(join(tmpdir(), "image-variants-client-"));
mkdirSync(join(clientDir, "images"));
copyFileSync(join(import.meta.dirname, "../../src/client/public/images/tractor.svg"), join(clientDir, "images/tractor.svg"));
writeFileSync(join(clientDir, "secret.svg"), readFileSync(join(import.meta.dirname, "../../src/client/public/images/drone.svg")));
symlinkSync(join(clientDir, "secret.svg"), join(clientDir, "images/escape.svg"));
const api = await startTestServer(db, { storage, clientDir });
const { token } = await createUserWithSession(db, "admin");

const FORMATS: ImageFormat[] = ["avif", "webp", "jpeg"];
const CONTENT_TYPES: Record<ImageFormat, string> = { avif: "image/avif", webp: "image/webp", jpeg: "image/jpeg" };
/** What sharp calls each format when it reads it back (AVIF is an HEIF container). */
const READ_AS: Record<ImageFormat, string> = { avif: "heif", webp: "webp", jpeg: "jpeg" };

/** Uploads through a fresh one-time URL as an admin; answers the object's path. */
async function upload(body: Buffer, filename = "photo.jpg"): Promise<string> {
  const grant = (await api.request("/api/campaign-media/upload-url", { method: "POST", token, body: { filename } })).json;
  const put = await fetch(api.origin + grant.uploadUrl, { method: "PUT", body: new Uint8Array(body), headers: { "x-session-token": token } });
  expect(put.status, await put.clone().text()).toBe(200);
  return grant.objectPath as string;
}

async function get(path: string, init?: RequestInit) {
  const res = await fetch(api.origin + path, init);
  return { res, body: Buffer.from(await res.arrayBuffer()) };
}

/** A 2400 × 1800 phone photo with detail at every scale, its camera and the GPS position of a farm in its EXIF. */
async function phonePhoto(): Promise<Buffer> {
  const [W, H] = [2400, 1800];
  const noise = async (w: number, h: number, sigma: number) =>
    sharp(
      await sharp({ create: { width: w, height: h, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma } } })
        .png()
        .toBuffer(),
    )
      .resize(W, H, { kernel: "cubic" })
      .png()
      .toBuffer();
  const scene = await sharp({ create: { width: W, height: H, channels: 3, background: "#6b8e23" } })
    .composite([
      { input: await noise(24, 18, 70), blend: "soft-light" },
      { input: await noise(300, 225, 50), blend: "soft-light" },
    ])
    .png()
    .toBuffer();
  return sharp(scene)
    .composite([{ input: await noise(W, H, 20), blend: "soft-light" }])
    .jpeg({ quality: 92 })
    .withExif({
      IFD0: { Make: "FarmPhone", Model: "FP-12", Artist: "Winner's family" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "52/1 22/1 1234/100", GPSLongitudeRef: "W", GPSLongitude: "2/1 43/1 0/1" },
    })
    .toBuffer();
}

const original = await phonePhoto();
const photo = await upload(original);
const photoId = photo.split("/").pop()!;

function expectNoMetadata(meta: Metadata, bytes: Buffer) {
  expect(meta.exif, "EXIF").toBeUndefined();
  expect(meta.xmp, "XMP").toBeUndefined();
  expect(meta.iptc, "IPTC").toBeUndefined();
  expect(meta.icc, "ICC profile").toBeUndefined();
  // No EXIF block at all (where the GPS position lives), nor the camera's words. (Short strings such as
  // "GPS" alone turn up by chance in a megabyte of compressed pixels.)
  for (const tag of ["Exif\0\0", "FarmPhone", "FP-12", "Winner's family"]) expect(bytes.includes(tag), tag).toBe(false);
}

describe("sized copies of an uploaded photo", () => {
  it("serves every width in AVIF, WebP and JPEG, the width asked, without the photo's EXIF, cached for a year", async () => {
    const before = await sharp(original).metadata();
    expect(before.exif, "the test photo carries EXIF").toBeDefined();
    expect(original.includes("Exif\0\0") && original.includes("FarmPhone")).toBe(true);
    for (const width of IMAGE_WIDTHS) {
      for (const format of FORMATS) {
        const path = variantUrl(photo, width, format)!;
        const { res, body } = await get(path);
        expect(res.status, path).toBe(200);
        expect(res.headers.get("content-type")).toBe(CONTENT_TYPES[format]);
        expect(Number(res.headers.get("content-length"))).toBe(body.length);
        expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
        const meta = await sharp(body).metadata();
        expect(meta.format, path).toBe(READ_AS[format]);
        // The photo's own shape, 4:3, at the width asked.
        expect([meta.width, meta.height], path).toEqual([width, (width * 3) / 4]);
        expectNoMetadata(meta, body);
        expect(body.length, `${path} is far smaller than the original`).toBeLessThan(original.length / 4);
      }
    }
  });

  it("never enlarges a picture narrower than the width asked", async () => {
    const small = await upload(
      await sharp({ create: { width: 400, height: 300, channels: 3, background: "#c0392b" } })
        .jpeg()
        .toBuffer(),
    );
    const { res, body } = await get(variantUrl(small, 1600, "webp")!);
    expect(res.status).toBe(200);
    expect(await sharp(body).metadata()).toMatchObject({ format: "webp", width: 400, height: 300 });
  });

  it("makes a copy once: twenty phones asking at the same moment get the same bytes, and later requests read the kept copy", async () => {
    // The same photo uploaded again: a new picture none of whose copies exist yet.
    const fresh = await upload(original);
    const path = variantUrl(fresh, 960, "avif")!;
    const key = `${fresh.split("/").pop()}-w960-avif`;
    expect(storage.writes.get(key)).toBeUndefined();
    const answers = await Promise.all(Array.from({ length: 20 }, () => get(path)));
    for (const { res } of answers) expect(res.status).toBe(200);
    const first = answers[0]!.body;
    for (const { body } of answers) expect(body.equals(first)).toBe(true);
    expect(storage.writes.get(key)).toBe(1);
    // Kept beside the original, exactly the bytes served.
    expect(readFileSync(join(mediaDir, key)).equals(first)).toBe(true);
    const inode = statSync(join(mediaDir, key)).ino;

    const again = await get(path);
    expect(again.body.equals(first)).toBe(true);
    expect(storage.writes.get(key)).toBe(1);
    expect(statSync(join(mediaDir, key)).ino).toBe(inode);
    // Nothing half-written is left behind.
    expect(readdirSync(mediaDir).filter((name) => name.endsWith(".tmp"))).toEqual([]);
  });

  it("answers HEAD with the copy's headers and no body, and a browser's revalidation with 304", async () => {
    const path = variantUrl(photo, 480, "jpeg")!;
    const head = await get(path, { method: "HEAD" });
    expect(head.res.status).toBe(200);
    expect(head.body.length).toBe(0);
    const full = await get(path);
    expect(Number(head.res.headers.get("content-length"))).toBe(full.body.length);
    expect(head.res.headers.get("content-type")).toBe("image/jpeg");
    const etag = full.res.headers.get("etag")!;
    expect(etag).toBeTruthy();
    const revalidated = await get(path, { headers: { "if-none-match": etag } });
    expect(revalidated.res.status).toBe(304);
  });

  it("answers 404 for a width or format the shop does not make, an unknown picture, and a copy of a copy", async () => {
    const unknownId = "0a1b2c3d-0000-4000-8000-00000000dead";
    for (const path of [
      `/objects/uploads/${photoId}/w100.avif`,
      `/objects/uploads/${photoId}/w641.webp`,
      `/objects/uploads/${photoId}/w99999.jpg`,
      `/objects/uploads/${photoId}/w640.png`,
      `/objects/uploads/${photoId}/w640.gif`,
      `/objects/uploads/${photoId}/w640.jpeg`,
      `/objects/uploads/${photoId}/w640.AVIF`,
      `/objects/uploads/${photoId}/640.jpg`,
      `/objects/uploads/${photoId}/original`,
      `/objects/uploads/${unknownId}/w640.jpg`,
      `/objects/uploads/${photoId}-w960-avif/w320.jpg`,
    ]) {
      const { res, body } = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("content-type"), path).toContain("application/json");
      expect(JSON.parse(body.toString()), path).toEqual({ message: "Not found" });
    }
    expect(existsSync(join(mediaDir, `${unknownId}-w640-jpg`))).toBe(false);
    expect((await get(`/objects/uploads/${photoId}/w640.jpg`, { method: "POST" })).res.status).toBe(405);
  });

  it("answers 404 for a video and for a stored file that is not a picture", async () => {
    const mp4 = Buffer.alloc(4096);
    Buffer.from([0, 0, 0, 0x18, ...Buffer.from("ftypisom")]).copy(mp4);
    const video = await upload(mp4, "clip.mp4");
    expect((await get(video)).res.headers.get("content-type")).toBe("video/mp4");
    const { res } = await get(variantUrl(video, 640, "jpeg")!);
    expect(res.status).toBe(404);
    expect((await get(previewImagePath(video)!)).res.status).toBe(404);

    const key = "0a1b2c3d-0000-4000-8000-0000000000aa";
    writeFileSync(join(mediaDir, key), "just some text");
    writeFileSync(join(mediaDir, `${key}.json`), JSON.stringify({ contentType: "text/plain" }));
    expect((await get(`/objects/uploads/${key}/w320.webp`)).res.status).toBe(404);
  });

  it("answers a stored picture it cannot decode with a 404 and the upload's message, and keeps serving", async () => {
    // As an older shop could have stored it: a JPEG's signature, then nothing a decoder can read.
    const key = "0a1b2c3d-0000-4000-8000-0000000000bb";
    writeFileSync(join(mediaDir, key), Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(4096, 0x41)]));
    writeFileSync(join(mediaDir, `${key}.json`), JSON.stringify({ contentType: "image/jpeg" }));
    for (let i = 0; i < 2; i++) {
      const { res, body } = await get(`/objects/uploads/${key}/w640.avif`);
      expect(res.status).toBe(404);
      expect(JSON.parse(body.toString()).message).toBe("This image could not be read. It may be damaged; please choose another file.");
    }
    expect((await get(previewImagePath(`/objects/uploads/${key}`)!)).res.status).toBe(404);
    // The original is still served as it was stored, and the server goes on making copies.
    expect((await get(`/objects/uploads/${key}`)).res.status).toBe(200);
    expect((await get(variantUrl(photo, 320, "webp")!)).res.status).toBe(200);
  });
});

describe("the link preview's picture", () => {
  async function expectPreview(path: string) {
    const { res, body } = await get(path);
    expect(res.status, path).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    expect(res.headers.get("cache-control")).toBe("public, max-age=86400");
    expect(Number(res.headers.get("content-length"))).toBe(body.length);
    const meta = await sharp(body).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 1200, height: 630 });
    expectNoMetadata(meta, body);
    return body;
  }

  it("is a 1200 × 630 JPEG made from an uploaded photo, made once", async () => {
    const path = previewImagePath(photo)!;
    expect(path).toBe(`/objects/preview.jpg?src=${encodeURIComponent(photo)}`);
    const body = await expectPreview(path);
    // Cropped from the photo's middle, not drawn on a blank card: its colours are the photo's.
    const { channels } = await sharp(body).stats();
    expect(channels[1]!.mean).toBeGreaterThan(channels[2]!.mean);
    expect((await expectPreview(path)).equals(body)).toBe(true);
    expect(storage.writes.get(`${photoId}-preview`)).toBe(1);
  });

  it("is a 1200 × 630 JPEG drawn from one of the shop's own pictures", async () => {
    const body = await expectPreview(previewImagePath("/images/tractor.svg")!);
    // The tractor's picture, drawn: a sky above and a field below, not a flat card.
    const { channels, isOpaque } = await sharp(body).stats();
    expect(isOpaque).toBe(true);
    for (const c of channels.slice(0, 3)) expect(c.stdev).toBeGreaterThan(20);
    const top = await sharp(body).extract({ left: 0, top: 0, width: 1200, height: 40 }).stats();
    expect(top.channels[2]!.mean, "blue sky at the top").toBeGreaterThan(top.channels[0]!.mean);
  });

  it("refuses anything but an upload or a picture inside the shop's images folder", async () => {
    for (const src of [
      "/images/../secret.svg",
      "/images/%2e%2e/secret.svg",
      "/images/..%2fsecret.svg",
      "/images//secret.svg",
      "/images/./tractor.svg/..",
      "/images/escape.svg",
      "/images/missing.svg",
      "/images/",
      "/images/tractor.svg\0",
      "/secret.svg",
      "/etc/passwd",
      "https://example.com/photo.jpg",
      "/objects/uploads/0a1b2c3d-0000-4000-8000-00000000dead",
      `/objects/uploads/${photoId}-preview`,
      "",
    ]) {
      const { res, body } = await get(`/objects/preview.jpg?src=${encodeURIComponent(src)}`);
      expect(res.status, src).toBe(404);
      expect(JSON.parse(body.toString()), src).toEqual({ message: "Not found" });
    }
    // Unencoded dots in the query itself, and no src at all.
    expect((await get("/objects/preview.jpg?src=/images/../secret.svg")).res.status).toBe(404);
    expect((await get("/objects/preview.jpg")).res.status).toBe(404);
  });
});
