import { useEffect, useState } from "react";
import { useRenderNow } from "../lib/render-context";

/** The four boxes of every countdown, in order, with their labels. */
export const COUNTDOWN_UNITS = [
  ["days", "Days"],
  ["hours", "Hours"],
  ["minutes", "Minutes"],
  ["seconds", "Seconds"],
] as const;

export interface TimeLeft {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  ended: boolean;
}

export function timeLeftUntil(target: number, now = Date.now()): TimeLeft {
  const ms = Number.isNaN(target) ? 0 : Math.max(0, target - now);
  const total = Math.floor(ms / 1000);
  return {
    days: Math.floor(total / 86400),
    hours: Math.floor((total % 86400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
    ended: ms <= 0,
  };
}

/** Time left until an ISO date, ticking each second and stopping at zero. */
export function useCountdown(iso: string): TimeLeft {
  const target = Date.parse(iso);
  // A server-rendered page starts from the server's moment, so its first render matches the HTML.
  const renderNow = useRenderNow();
  const [left, setLeft] = useState(() => timeLeftUntil(target, renderNow ?? Date.now()));

  useEffect(() => {
    setLeft(timeLeftUntil(target));
    if (Number.isNaN(target) || target <= Date.now()) return;
    const timer = window.setInterval(() => {
      const next = timeLeftUntil(target);
      setLeft(next);
      if (next.ended) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [target]);

  return left;
}

/** Longest delay setTimeout accepts (about 24.8 days). */
const MAX_DELAY = 2_147_483_647;

/** Whether an ISO date has passed; re-renders once, when it does, rather than every second. */
export function usePassed(iso: string): boolean {
  const target = Date.parse(iso);
  const renderNow = useRenderNow();
  const [passed, setPassed] = useState(() => !(target > (renderNow ?? Date.now())));

  useEffect(() => {
    if (!(target > Date.now())) {
      setPassed(true);
      return;
    }
    setPassed(false);
    let timer = 0;
    const wait = () => {
      const delay = target - Date.now();
      if (delay <= 0) setPassed(true);
      else timer = window.setTimeout(wait, Math.min(delay, MAX_DELAY));
    };
    wait();
    return () => window.clearTimeout(timer);
  }, [target]);

  return passed;
}
