import { useQuery } from "@tanstack/react-query";
import type { MediaSettings } from "../../../../shared/schemas/content";
import { useTRPC } from "../../../lib/trpc";
import { DEFAULT_MEDIA_SETTINGS } from "../../../lib/upload";

/** The upload limits; if they cannot be read the defaults apply, silently (SPEC §8). */
export function useMediaSettings(): MediaSettings {
  const trpc = useTRPC();
  const query = useQuery(trpc.public.content.mediaSettings.queryOptions());
  return query.data ?? DEFAULT_MEDIA_SETTINGS;
}

/** The file picker's accept list, so the dialog offers only files that can pass. */
export function acceptList(media: MediaSettings, withVideo: boolean): string {
  const images = media.allowedImageTypes.map((t) => `image/${t === "jpg" ? "jpeg" : t}`);
  const videos = withVideo ? media.allowedVideoTypes.map((t) => `video/${t}`) : [];
  return [...new Set([...images, ...videos])].join(",");
}
