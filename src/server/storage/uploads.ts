import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { MediaSettings } from "../../shared/schemas/content";

/** What the bytes say a file is, whatever its name claims. */
export type SniffedType = "jpeg" | "png" | "mp4" | "webm" | "quicktime";

export function sniff(head: Buffer): SniffedType | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "jpeg";
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "png";
  if (head.length >= 4 && head.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]))) return "webm";
  if (head.length >= 12 && head.subarray(4, 8).toString("latin1") === "ftyp") {
    return head.subarray(8, 12).toString("latin1") === "qt  " ? "quicktime" : "mp4";
  }
  return null;
}

export const CONTENT_TYPES: Record<SniffedType, string> = {
  jpeg: "image/jpeg",
  png: "image/png",
  mp4: "video/mp4",
  webm: "video/webm",
  quicktime: "video/quicktime",
};

const IMAGE_TYPES = new Set<SniffedType>(["jpeg", "png"]);

export type UploadKind = "campaign-media" | "image";
/** The winner and About dialogs take one image of at most 10485760 bytes. */
export const DIALOG_MAX_BYTES = 10_485_760;

export interface UploadGrant {
  key: string;
  adminId: string;
  kind: UploadKind;
  expiresAt: number;
}

/**
 * One-time upload URLs: signed, expiring, bound to the admin who asked, and forgotten once used.
 * The URL's path is the object's own path, so the client can name the file before it exists.
 */
export class UploadGrants {
  private readonly secret = randomBytes(32);
  private readonly open = new Map<string, UploadGrant>();

  constructor(private readonly ttlMs = 15 * 60 * 1000) {}

  issue(adminId: string, kind: UploadKind, now = Date.now()): { uploadUrl: string; objectPath: string } {
    const key = crypto.randomUUID();
    const grant = { key, adminId, kind, expiresAt: now + this.ttlMs };
    this.open.set(key, grant);
    for (const [k, g] of this.open) if (g.expiresAt < now) this.open.delete(k);
    const objectPath = `/objects/uploads/${key}`;
    return { uploadUrl: `${objectPath}?expires=${grant.expiresAt}&signature=${this.sign(grant)}`, objectPath };
  }

  /** Checks and consumes a grant; returns why it is refused, or the grant. */
  redeem(key: string, expires: string | null, signature: string | null, adminId: string | null, now = Date.now()): UploadGrant | string {
    const grant = this.open.get(key);
    if (!grant || !signature || String(grant.expiresAt) !== expires) return "Unknown or used upload URL";
    const expected = Buffer.from(this.sign(grant));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return "Invalid upload signature";
    if (grant.expiresAt < now) {
      this.open.delete(key);
      return "Request has expired";
    }
    if (grant.adminId !== adminId) return "This upload URL belongs to another user";
    this.open.delete(key);
    return grant;
  }

  private sign(g: UploadGrant): string {
    return createHmac("sha256", this.secret).update(`${g.key}.${g.adminId}.${g.kind}.${g.expiresAt}`).digest("hex");
  }
}

/** The size and type rules for an upload, or the spec's message for breaking one. */
export function checkUpload(kind: UploadKind, type: SniffedType | null, size: number, media: MediaSettings): { ok: true } | { ok: false; status: 413 | 415; message: string } {
  const allowedImages = media.allowedImageTypes.map((t) => (t === "jpg" ? "jpeg" : t));
  const allowedVideos = kind === "image" ? [] : media.allowedVideoTypes;
  const allowed = [...allowedImages, ...allowedVideos];
  if (!type || !allowed.includes(type)) {
    return { ok: false, status: 415, message: `Invalid file type. Allowed: ${[...media.allowedImageTypes, ...allowedVideos].join(", ")}` };
  }
  const isImage = IMAGE_TYPES.has(type);
  const maxMb = isImage ? media.maxImageSizeMB : media.maxVideoSizeMB;
  const maxBytes = kind === "image" ? Math.min(DIALOG_MAX_BYTES, maxMb * 1024 * 1024) : maxMb * 1024 * 1024;
  if (size > maxBytes) {
    return { ok: false, status: 413, message: `File too large. Please select a ${isImage ? "image" : "video"} (max ${Math.round(maxBytes / 1024 / 1024)} MB)` };
  }
  return { ok: true };
}
