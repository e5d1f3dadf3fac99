import { useEffect, useState } from "react";
import { VideoIcon } from "../ui/icons";

/** Fixed demo values (SPEC §2 Home): 6d 14h 27m 52s, counting down and starting again at zero. */
const START = ((6 * 24 + 14) * 60 + 27) * 60 + 52;

function parts(total: number) {
  return [
    { label: "Days", value: Math.floor(total / 86400) },
    { label: "Hours", value: Math.floor((total % 86400) / 3600) },
    { label: "Minutes", value: Math.floor((total % 3600) / 60) },
    { label: "Seconds", value: total % 60 },
  ];
}

export function LiveDrawCountdown() {
  const [left, setLeft] = useState(START);

  useEffect(() => {
    const timer = window.setInterval(() => setLeft((s) => (s <= 0 ? START : s - 1)), 1000);
    return () => window.clearInterval(timer);
  }, []);

  return (
    <section aria-labelledby="live-draw-heading" className="on-dark bg-field-800 text-white">
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-4 px-4 py-6 sm:px-6 md:flex-row md:justify-between lg:px-8">
        <div className="flex items-center gap-3 text-center md:text-left">
          <span className="hidden size-11 shrink-0 items-center justify-center rounded-full bg-wheat-400 text-field-950 sm:inline-flex">
            <VideoIcon className="size-6" />
          </span>
          <div>
            <h2 id="live-draw-heading" className="text-2xl font-bold text-white">
              Next Live Draw
            </h2>
            <p className="text-sm text-field-100">Watch live on our social video page every Monday evening.</p>
          </div>
        </div>
        <dl className="grid grid-cols-4 gap-2 sm:gap-3">
          {parts(left).map(({ label, value }) => (
            <div key={label} className="flex min-w-16 flex-col items-center rounded-xl bg-field-900/70 px-2 py-2 ring-1 ring-field-600 sm:min-w-20">
              <dt className="order-last text-xs font-semibold uppercase tracking-wider text-field-100">{label}</dt>
              <dd className="text-2xl font-bold tabular-nums text-wheat-300 sm:text-3xl">{String(value).padStart(2, "0")}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
