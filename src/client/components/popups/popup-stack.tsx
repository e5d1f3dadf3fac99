import { useMutation } from "@tanstack/react-query";
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from "@headlessui/react";
import { useEffect, useRef, useState } from "react";
import type { Popup } from "../../../shared/schemas/content";
import { useTRPC } from "../../lib/trpc";
import { promotionOpen, setOpenPopupCount } from "./popup-activity";
import { competitionIdFor } from "./popup-cta";
import { PopupContent } from "./popup-content";
import { frequencyAllows, markShown } from "./popup-storage";

const titleClasses = "pr-10 text-2xl font-bold leading-tight";

/**
 * The pop-ups of one page view (SPEC §4 Pop-up lifecycle): each eligible one appears after its delay
 * and is marked shown per its frequency; closing dismisses it until the next page view. They stack by
 * priority: the highest is the dialog (focus trapped, Escape closes it), the others wait beneath.
 */
export function PopupStack({ popups, signedIn }: { popups: Popup[]; signedIn: boolean }) {
  const trpc = useTRPC();
  const [shownIds, setShownIds] = useState<string[]>([]);
  const [dismissed, setDismissed] = useState<string[]>([]);
  const scheduled = useRef(new Set<string>());
  const { mutate: trackView } = useMutation(trpc.customer.entries.trackView.mutationOptions({ meta: { refreshes: [] } }));

  useEffect(() => {
    const timers = new Map<string, number>();
    const pending = scheduled.current;
    for (const popup of popups) {
      if (pending.has(popup.id) || !frequencyAllows(popup)) continue;
      pending.add(popup.id);
      const timer = window.setTimeout(
        () => {
          timers.delete(popup.id);
          // Never a second dialog over the promotion: this pop-up waits for a later page view.
          if (promotionOpen()) {
            pending.delete(popup.id);
            return;
          }
          markShown(popup);
          setShownIds((ids) => (ids.includes(popup.id) ? ids : [...ids, popup.id]));
        },
        Math.max(0, popup.displayDelay ?? 0),
      );
      timers.set(popup.id, timer);
    }
    return () => {
      // Timers that have not fired are cancelled and may be scheduled again.
      for (const [id, timer] of timers) {
        window.clearTimeout(timer);
        pending.delete(id);
      }
    };
  }, [popups]);

  // Highest priority first; equal priorities keep the server's order.
  const visible = popups.filter((p) => shownIds.includes(p.id) && !dismissed.includes(p.id)).sort((a, b) => b.priority - a.priority);

  useEffect(() => {
    setOpenPopupCount(visible.length);
  }, [visible.length]);
  useEffect(() => () => setOpenPopupCount(0), []);

  const dismiss = (id: string) => setDismissed((ids) => (ids.includes(id) ? ids : [...ids, id]));
  const onCta = (popup: Popup) => {
    const competitionId = signedIn ? competitionIdFor(popup) : null;
    if (competitionId) trackView({ competitionId });
    dismiss(popup.id);
  };

  const [top, ...beneath] = visible;
  if (!top) return null;

  return (
    <>
      {beneath.map((popup, i) => (
        <div
          key={popup.id}
          aria-hidden="true"
          inert
          className="pointer-events-none fixed inset-0 flex items-center justify-center p-4"
          style={{ zIndex: 1000 + popup.priority, transform: `translateY(-${(i + 1) * 1.25}rem) scale(${1 - (i + 1) * 0.04})` }}
        >
          <div className="w-full max-w-md">
            <PopupContent popup={popup} title={(t) => <p className={titleClasses}>{t}</p>} onClose={() => undefined} onCta={() => undefined} />
          </div>
        </div>
      ))}
      <Dialog key={top.id} open onClose={() => dismiss(top.id)} className="relative" style={{ zIndex: 1000 + top.priority }}>
        <DialogBackdrop className="fixed inset-0 bg-field-950/60" />
        <div className="fixed inset-0 overflow-y-auto">
          <div className="flex min-h-full items-center justify-center p-4">
            <DialogPanel className="w-full max-w-md">
              <PopupContent
                popup={top}
                title={(t) => <DialogTitle className={titleClasses}>{t}</DialogTitle>}
                onClose={() => dismiss(top.id)}
                onCta={() => onCta(top)}
              />
            </DialogPanel>
          </div>
        </div>
      </Dialog>
    </>
  );
}
