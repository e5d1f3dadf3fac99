import { useCountdown, type TimeLeft } from "../../hooks/use-countdown";

export interface LiveCountdown {
  /** Null until the draw time is known. */
  left: TimeLeft | null;
  /** The draw time has come: the evening is on. */
  live: boolean;
}

/** The countdown to the live draw at `drawAt` (home page and /live share it), ticking each second. */
export function useLiveCountdown(drawAt: string | undefined): LiveCountdown {
  const left = useCountdown(drawAt ?? "");
  if (!drawAt || Number.isNaN(Date.parse(drawAt))) return { left: null, live: false };
  return { left, live: left.ended };
}
