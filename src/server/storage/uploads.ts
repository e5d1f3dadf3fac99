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

export const IMAGE_TYPES: ReadonlySet<SniffedType> = new Set<SniffedType>(["jpeg", "png"]);

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

/** An upload the rules refuse, with the spec's message and the HTTP status to answer. */
export class UploadRefused extends Error {
  constructor(
    readonly status: 413 | 415,
    message: string,
  ) {
    super(message);
    this.name = "UploadRefused";
  }
}

function allowedTypes(kind: UploadKind, media: MediaSettings) {
  const allowedImages = media.allowedImageTypes.map((t) => (t === "jpg" ? "jpeg" : t));
  const allowedVideos = kind === "image" ? [] : media.allowedVideoTypes;
  return { allowed: [...allowedImages, ...allowedVideos], listed: [...media.allowedImageTypes, ...allowedVideos] };
}

/** The largest file of this type the rules allow, with the message for going over it. */
export function sizeLimit(kind: UploadKind, type: SniffedType, media: MediaSettings): { maxBytes: number; message: string } {
  const isImage = IMAGE_TYPES.has(type);
  const maxMb = isImage ? media.maxImageSizeMB : media.maxVideoSizeMB;
  const maxBytes = kind === "image" ? Math.min(DIALOG_MAX_BYTES, maxMb * 1024 * 1024) : maxMb * 1024 * 1024;
  return { maxBytes, message: `File too large. Please select a ${isImage ? "image" : "video"} (max ${Math.round(maxBytes / 1024 / 1024)} MB)` };
}

/** The size and type rules for an upload, or the spec's message for breaking one. */
export function checkUpload(
  kind: UploadKind,
  type: SniffedType | null,
  size: number,
  media: MediaSettings,
): { ok: true } | { ok: false; status: 413 | 415; message: string } {
  const { allowed, listed } = allowedTypes(kind, media);
  if (!type || !allowed.includes(type)) {
    return { ok: false, status: 415, message: `Invalid file type. Allowed: ${listed.join(", ")}` };
  }
  const limit = sizeLimit(kind, type, media);
  if (size > limit.maxBytes) return { ok: false, status: 413, message: limit.message };
  return { ok: true };
}

/** Bytes enough to tell every allowed type apart. */
const SNIFF_BYTES = 16;

/**
 * Applies the upload rules to a body as it streams past, so nothing has to be held in memory: the
 * type is read from the first bytes as soon as they arrive, and the count stops at the type's limit
 * (or at once, when the declared length is already over it). `inspect` and `end` throw UploadRefused.
 */
export class UploadInspector {
  type: SniffedType | null = null;
  size = 0;
  private head = Buffer.alloc(0);
  private limit: { maxBytes: number; message: string } | null = null;

  constructor(
    private readonly kind: UploadKind,
    private readonly media: MediaSettings,
    private readonly declaredBytes: number | null = null,
  ) {}

  inspect(chunk: Buffer): void {
    this.size += chunk.length;
    if (!this.limit) {
      this.head = Buffer.concat([this.head, chunk.subarray(0, SNIFF_BYTES - this.head.length)]);
      if (this.head.length >= SNIFF_BYTES) this.decide();
    }
    if (this.limit && this.size > this.limit.maxBytes) throw new UploadRefused(413, this.limit.message);
  }

  /** The body is complete: a file too short to have been sniffed yet is judged now. */
  end(): SniffedType {
    if (!this.limit) this.decide();
    return this.type!;
  }

  private decide(): void {
    const type = sniff(this.head);
    const verdict = checkUpload(this.kind, type, 0, this.media);
    if (!verdict.ok) throw new UploadRefused(verdict.status, verdict.message);
    this.type = type!;
    this.limit = sizeLimit(this.kind, this.type, this.media);
    if (this.declaredBytes !== null && this.declaredBytes > this.limit.maxBytes) throw new UploadRefused(413, this.limit.message);
  }
}
