import { useEffect, useRef, useState } from "react";

const STEPS = 100;
const STEP_MS = 20;

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/**
 * Counts from 0 up to each target in about 100 steps of 20 ms, starting the first time the element
 * scrolls into view (SPEC §2 Home). Targets that are null stay null.
 */
export function useCountUp<K extends string>(targets: Record<K, number | null>) {
  const ref = useRef<HTMLElement | null>(null);
  const [seen, setSeen] = useState(false);
  const [step, setStep] = useState(0);

  useEffect(() => {
    const el = ref.current;
    if (!el || seen) return;
    if (typeof IntersectionObserver === "undefined") {
      setSeen(true);
      return;
    }
    const observer = new IntersectionObserver(
      (records) => {
        if (records.some((r) => r.isIntersecting)) {
          setSeen(true);
          observer.disconnect();
        }
      },
      { threshold: 0.25 },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [seen]);

  useEffect(() => {
    if (!seen) return;
    if (prefersReducedMotion()) {
      setStep(STEPS);
      return;
    }
    const timer = window.setInterval(() => {
      setStep((s) => {
        if (s + 1 >= STEPS) window.clearInterval(timer);
        return Math.min(STEPS, s + 1);
      });
    }, STEP_MS);
    return () => window.clearInterval(timer);
  }, [seen]);

  const values = {} as Record<K, number | null>;
  for (const key of Object.keys(targets) as K[]) {
    const target = targets[key];
    values[key] = target === null ? null : Math.round((target * step) / STEPS);
  }
  return { ref, values };
}
