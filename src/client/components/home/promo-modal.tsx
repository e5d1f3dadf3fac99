import { useQuery } from "@tanstack/react-query";
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from "@headlessui/react";
import { useEffect, useState } from "react";
import { PROMOTION_DEFAULTS } from "../../../shared/promotion";
import { useTRPC } from "../../lib/trpc";
import { ButtonLink } from "../ui/button";
import { CloseIcon } from "../ui/icons";
import { popupOpen, popupsAppeared, setPromotionOpen } from "../popups/popup-activity";
import { IMAGE_SIZES } from "../../lib/picture";
import { SafeImage } from "./safe-image";

const DELAY_MS = 5000;
const SEEN_KEY = "promo_modal_seen";

function seenThisSession(): boolean {
  try {
    return sessionStorage.getItem(SEEN_KEY) !== null;
  } catch {
    return false;
  }
}

function markSeen(): void {
  try {
    sessionStorage.setItem(SEEN_KEY, "true");
  } catch {
    // Without storage it may show again on the next visit to the home page.
  }
}

/**
 * The home page's promotion (settings promotion_*), 5 s after load and once per browser session,
 * only while the competition it points at is on sale.
 * At most one dialog per page view: if an admin pop-up has appeared in this page view, the
 * promotion is skipped (and may show on a later visit to the home page).
 */
export function PromoModal() {
  const trpc = useTRPC();
  const promotion = useQuery(trpc.public.live.promotion.queryOptions());
  // Pop-ups that appeared before this page view began do not count against it.
  const [popupsBefore] = useState(popupsAppeared);
  const [due, setDue] = useState(false);
  const [open, setOpen] = useState(false);
  // It only ever opens a competition on sale: without one (the server says which) it stays hidden.
  const enabled = promotion.data?.enabled === true && promotion.data.competitionId !== null;

  useEffect(() => {
    if (seenThisSession()) return;
    const timer = window.setTimeout(() => setDue(true), DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (!due || !enabled || seenThisSession()) return;
    if (popupOpen() || popupsAppeared() > popupsBefore) return;
    markSeen();
    setOpen(true);
  }, [due, enabled, popupsBefore]);

  useEffect(() => {
    setPromotionOpen(open);
    return () => setPromotionOpen(false);
  }, [open]);

  if (!promotion.data) return null;
  const { title, text, link } = promotion.data;
  // The artwork is the spec's motocross promotion's; other promotions go without a picture.
  const motocross = title === PROMOTION_DEFAULTS.title;
  const close = () => setOpen(false);

  return (
    <Dialog open={open} onClose={close} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-field-950/70" />
      <div className="fixed inset-0 overflow-y-auto">
        <div className="flex min-h-full items-center justify-center p-4">
          <DialogPanel className="relative w-full max-w-md overflow-hidden rounded-2xl bg-field-900 text-center text-white shadow-2xl ring-1 ring-wheat-300/40 on-dark">
            <button
              type="button"
              onClick={close}
              aria-label="Close"
              className="absolute right-2 top-2 z-10 inline-flex size-11 items-center justify-center rounded-full bg-black/40 text-white hover:bg-black/60"
            >
              <CloseIcon className="size-5" />
            </button>
            {motocross ? (
              <SafeImage
                src="/images/promo.svg"
                alt="A motocross bike mid-jump on a dirt track"
                fallback="hide"
                loading="eager"
                sizes={IMAGE_SIZES.dialog}
                width={800}
                height={500}
                className="aspect-[16/10] w-full object-cover"
              />
            ) : null}
            <div className={motocross ? "p-6" : "px-6 pb-6 pt-12"}>
              {motocross ? <p className="text-sm font-bold uppercase tracking-widest text-wheat-300">Instant win</p> : null}
              <DialogTitle className="mt-1 text-2xl font-bold leading-tight text-white sm:text-3xl">{title}</DialogTitle>
              <p className="mt-3 whitespace-pre-line text-field-100">{text}</p>
              <ButtonLink to={link} variant="accent" size="lg" fullWidth className="mt-6" onClick={close}>
                ENTER NOW
              </ButtonLink>
              <button
                type="button"
                onClick={close}
                className="mt-3 min-h-11 rounded-md px-2 text-sm font-medium text-field-100 underline underline-offset-4 hover:text-white"
              >
                No thanks, I'm not interested!
              </button>
            </div>
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}
