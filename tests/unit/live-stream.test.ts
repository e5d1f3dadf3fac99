import { describe, expect, it } from "vitest";
import { STREAM_FRAME_HOSTS, streamFor } from "../../src/server/services/live-stream";

/** The live draw's video page as an operator would paste it, and the player /live frames. */
const ACCEPTED: Array<[string, "youtube" | "facebook", string]> = [
  ["https://www.youtube.com/watch?v=dQw4w9WgXcQ", "youtube", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"],
  ["https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s", "youtube", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"],
  ["https://m.youtube.com/watch?v=dQw4w9WgXcQ", "youtube", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"],
  ["https://youtu.be/dQw4w9WgXcQ", "youtube", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"],
  ["https://youtu.be/dQw4w9WgXcQ?si=abc", "youtube", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"],
  ["https://www.youtube.com/live/a1B2c3D4e5F", "youtube", "https://www.youtube-nocookie.com/embed/a1B2c3D4e5F"],
  ["  https://www.youtube.com/live/a1B2c3D4e5F?feature=share  ", "youtube", "https://www.youtube-nocookie.com/embed/a1B2c3D4e5F"],
  [
    "https://www.youtube.com/channel/UCabcdefghijklmnopqrstuv/live",
    "youtube",
    "https://www.youtube-nocookie.com/embed/live_stream?channel=UCabcdefghijklmnopqrstuv",
  ],
  [
    "https://www.facebook.com/harvestdraws/videos/1234567890123456/",
    "facebook",
    "https://www.facebook.com/plugins/video.php?href=https%3A%2F%2Fwww.facebook.com%2Fharvestdraws%2Fvideos%2F1234567890123456%2F&show_text=false",
  ],
  ["https://fb.watch/abcDEF123/", "facebook", "https://www.facebook.com/plugins/video.php?href=https%3A%2F%2Ffb.watch%2FabcDEF123%2F&show_text=false"],
];

const REFUSED = [
  "",
  "not a url",
  "http://www.youtube.com/watch?v=dQw4w9WgXcQ",
  "http://www.facebook.com/harvestdraws/videos/1234567890123456/",
  "javascript:alert(1)",
  "JavaScript://www.youtube.com/%0Aalert(1)",
  "data:text/html,<script>alert(1)</script>",
  "https://vimeo.com/123456789",
  "https://evil.example/watch?v=dQw4w9WgXcQ",
  "https://www.youtube.com.evil.example/watch?v=dQw4w9WgXcQ",
  "https://youtube.com@evil.example/watch?v=dQw4w9WgXcQ",
  "https://user:secret@www.youtube.com/watch?v=dQw4w9WgXcQ",
  "https://www.youtube.com/",
  "https://www.youtube.com/watch",
  "https://www.youtube.com/watch?v=",
  "https://www.youtube.com/watch?v=%22onload=alert(1)",
  "https://youtu.be/<script>",
  "https://www.youtube.com/channel/not-a-channel/live",
  "https://www.facebook.com/",
  "https://facebook.com",
];

describe("the live stream setting's page", () => {
  it("accepts YouTube watch, youtu.be and live pages and Facebook video pages, with the player to frame", () => {
    for (const [url, provider, embedUrl] of ACCEPTED) {
      expect(streamFor(url), url).toEqual({ url: new URL(url.trim()).toString(), provider, embedUrl });
    }
  });

  it("refuses http, other hosts, script and data URLs, credentials and pages that name no video", () => {
    for (const url of REFUSED) expect(streamFor(url), url).toBeNull();
  });

  it("frames only the hosts /live's Content-Security-Policy allows", () => {
    expect([...STREAM_FRAME_HOSTS]).toEqual(["https://www.youtube-nocookie.com", "https://www.facebook.com"]);
    for (const [url] of ACCEPTED) {
      const embed = new URL(streamFor(url)!.embedUrl);
      expect(embed.protocol).toBe("https:");
      expect(STREAM_FRAME_HOSTS as readonly string[], url).toContain(embed.origin);
    }
  });
});
