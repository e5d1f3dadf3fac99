import type { LiveStream } from "../../shared/schemas/live";

/** The live draw's video: a YouTube or Facebook page as the operator gives it, and the player /live frames. */

const YOUTUBE_HOSTS = new Set(["youtube.com", "www.youtube.com", "m.youtube.com", "youtu.be"]);
const FACEBOOK_HOSTS = new Set(["facebook.com", "www.facebook.com", "m.facebook.com", "fb.watch"]);
/** The hosts /live may frame (its CSP frame-src): the players the embed URLs below point at. */
export const STREAM_FRAME_HOSTS = ["https://www.youtube-nocookie.com", "https://www.facebook.com"] as const;

const YOUTUBE_ID = /^[\w-]{6,20}$/;

/**
 * A YouTube or Facebook video page as the player to frame; null for anything else (the setting
 * refuses it). Only https pages on those hosts are accepted.
 */
export function streamFor(value: string): LiveStream | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "https:" || url.username || url.password) return null;
  const host = url.hostname.toLowerCase();
  if (YOUTUBE_HOSTS.has(host)) {
    const path = url.pathname.split("/").filter(Boolean);
    let id: string | null = null;
    if (host === "youtu.be") id = path[0] ?? null;
    else if (path[0] === "watch") id = url.searchParams.get("v");
    else if ((path[0] === "live" || path[0] === "embed" || path[0] === "shorts") && path[1]) id = path[1];
    else if (path[0] === "channel" && path[1] && path[2] === "live") {
      if (!/^UC[\w-]{10,40}$/.test(path[1])) return null;
      return { url: url.toString(), provider: "youtube", embedUrl: `https://www.youtube-nocookie.com/embed/live_stream?channel=${path[1]}` };
    }
    if (!id || !YOUTUBE_ID.test(id)) return null;
    return { url: url.toString(), provider: "youtube", embedUrl: `https://www.youtube-nocookie.com/embed/${id}` };
  }
  if (FACEBOOK_HOSTS.has(host)) {
    if (!isFacebookVideo(host, url)) return null;
    return {
      url: url.toString(),
      provider: "facebook",
      embedUrl: `https://www.facebook.com/plugins/video.php?href=${encodeURIComponent(url.toString())}&show_text=false`,
    };
  }
  return null;
}

/**
 * A Facebook video page, and nothing else: a page's video (/{page}/videos/{id}, also with a slug
 * before the id), /watch/?v={id}, /watch/live/?v={id}, /video.php?v={id}, or fb.watch/{code}. The
 * link redirector (l.php), sharer, login and every other page are refused, so the "watch on
 * Facebook" link can only open a video.
 */
function isFacebookVideo(host: string, url: URL): boolean {
  const path = url.pathname.replace(/\/+$/, "");
  const v = url.searchParams.get("v");
  if (host === "fb.watch") return /^\/[\w-]{4,40}$/.test(path);
  if ((path === "/watch" || path === "/watch/live" || path === "/video.php") && v) return /^\d{5,25}$/.test(v);
  return /^\/[\w.-]{1,100}\/videos\/(?:[\w.-]{1,200}\/)?\d{5,25}$/.test(path);
}
