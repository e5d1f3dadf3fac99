import type { MediaSettings } from "../../shared/schemas/content";
import { sessionHeaders } from "./session-token";

/** "campaign-media": images or videos (campaigns, hero slides, pop-ups); "image": one photo (winners, About page). */
export type UploadTarget = "campaign-media" | "image";
export type MediaKind = "image" | "video";

/** SPEC §9 media defaults, used when the media settings cannot be read. */
export const DEFAULT_MEDIA_SETTINGS: MediaSettings = {
  maxImageSizeMB: 10,
  maxVideoSizeMB: 300,
  allowedImageTypes: ["jpeg", "jpg", "png"],
  allowedVideoTypes: ["mp4", "webm", "quicktime"],
};

/** The winner and About page dialogs take one image of at most 10 MB (SPEC §9 Upload dialog). */
export const DIALOG_MAX_BYTES = 10_485_760;

const MB = 1024 * 1024;

export type FileCheck = { ok: true; kind: MediaKind } | { ok: false; title: string; description: string };

function allows(types: string[], subtype: string): boolean {
  const list = types.map((t) => t.trim().toLowerCase());
  // "jpg" and "jpeg" name the same format; browsers always report image/jpeg.
  return list.includes(subtype) || (subtype === "jpeg" && list.includes("jpg"));
}

/** The client-side checks of SPEC §5 Upload, run before anything is sent. */
export function checkFile(file: File, media: MediaSettings, target: UploadTarget): FileCheck {
  const [major = "", subtype = ""] = file.type.toLowerCase().split("/");
  const videosAllowed = target === "campaign-media";
  if (major !== "image" && !(major === "video" && videosAllowed)) {
    return {
      ok: false,
      title: "Invalid file type",
      description: videosAllowed ? "Please select an image or video file." : `Please select an image (${media.allowedImageTypes.join(", ")}).`,
    };
  }
  const kind: MediaKind = major === "video" ? "video" : "image";
  const types = kind === "image" ? media.allowedImageTypes : media.allowedVideoTypes;
  if (!allows(types, subtype)) {
    const allowed = videosAllowed ? [...media.allowedImageTypes, ...media.allowedVideoTypes] : media.allowedImageTypes;
    return { ok: false, title: "Invalid file type", description: `Allowed types: ${allowed.join(", ")}` };
  }
  const maxMb = kind === "image" ? media.maxImageSizeMB : media.maxVideoSizeMB;
  const maxBytes = target === "image" ? Math.min(DIALOG_MAX_BYTES, maxMb * MB) : maxMb * MB;
  if (file.size > maxBytes) {
    return { ok: false, title: "File too large", description: `Please select a ${kind} (max ${Math.round(maxBytes / MB)} MB)` };
  }
  return { ok: true, kind };
}

export class UploadError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "UploadError";
  }
}

function messageFrom(xhr: XMLHttpRequest): string {
  try {
    const body = JSON.parse(xhr.responseText) as { message?: unknown };
    if (typeof body.message === "string" && body.message.trim()) return body.message.trim();
  } catch {
    // Not JSON: fall through to the status line.
  }
  return xhr.statusText || `Upload failed with status ${xhr.status}`;
}

/**
 * PUTs the file's bytes to a one-time upload URL, reporting whole-number percent progress.
 * XMLHttpRequest rather than fetch because only it reports upload progress.
 */
export function putFile(url: string, file: File, onProgress: (percent: number) => void, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("PUT", url);
    xhr.withCredentials = false; // same-origin requests carry cookies anyway
    xhr.setRequestHeader("Content-Type", file.type || "application/octet-stream");
    for (const [name, value] of Object.entries(sessionHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status === 200) {
        onProgress(100);
        resolve();
      } else reject(new UploadError(xhr.status, messageFrom(xhr)));
    };
    xhr.onerror = () => reject(new UploadError(0, "The upload could not reach the server."));
    xhr.onabort = () => reject(new UploadError(0, "The upload was cancelled."));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}

/** An objectUpload URL names the stored object by its path; the signature in the query is for the PUT only. */
export function objectPathOf(uploadUrl: string): string {
  return new URL(uploadUrl, window.location.origin).pathname;
}

const VIDEO_EXTENSIONS = /\.(mp4|webm|mov|m4v|ogv)(\?|#|$)/i;

/** A best guess from the URL alone; uploaded objects have no extension, so callers may know better. */
export function looksLikeVideo(url: string): boolean {
  return VIDEO_EXTENSIONS.test(url);
}
