import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { linkTarget } from "../../../shared/safe-link";
import { useOrigin } from "../../lib/render-context";
import type { Popup } from "../../../shared/schemas/content";
import { buttonClasses } from "../ui/button-styles";
import { CloseIcon } from "../ui/icons";
import { ExternalLinkIcon } from "../home/more-icons";
import { IMAGE_SIZES } from "../../lib/picture";
import { SafeImage } from "../home/safe-image";

interface PopupContentProps {
  popup: Popup;
  /** The title element: a DialogTitle for the pop-up on top, a plain heading for those behind it. */
  title: (text: string) => ReactNode;
  onClose: () => void;
  onCta: () => void;
}

/** What a pop-up shows: image, title, description, its call to action and a close button. */
export function PopupContent({ popup, title, onClose, onCta }: PopupContentProps) {
  const ctaClasses = buttonClasses("accent", "lg", "w-full");
  const origin = useOrigin();
  const target = linkTarget(popup.ctaLink, origin);
  return (
    <div className="relative w-full overflow-hidden rounded-2xl bg-white shadow-2xl">
      <button
        type="button"
        onClick={onClose}
        aria-label="Close"
        className="absolute right-2 top-2 z-10 inline-flex size-11 items-center justify-center rounded-full bg-white/90 text-stone-800 shadow-sm hover:bg-white"
      >
        <CloseIcon className="size-5" />
      </button>
      {popup.image ? (
        <SafeImage
          src={popup.image}
          alt=""
          fallback="hide"
          loading="eager"
          sizes={IMAGE_SIZES.dialog}
          width={800}
          height={450}
          className="aspect-[16/9] w-full bg-cream-100 object-cover"
        />
      ) : null}
      <div className="p-6 pt-5">
        {title(popup.title)}
        {popup.description ? <p className="mt-2 text-stone-700">{popup.description}</p> : null}
        {/* A stored link that would leave the site while looking like a path gets no button at all. */}
        {target ? (
          <div className="mt-6">
            {target.kind === "external" ? (
              <a href={target.href} target="_blank" rel="noopener noreferrer" onClick={onCta} className={ctaClasses}>
                {popup.ctaText}
                <ExternalLinkIcon className="size-4" />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            ) : (
              <Link to={target.path} onClick={onCta} className={ctaClasses}>
                {popup.ctaText}
              </Link>
            )}
          </div>
        ) : null}
      </div>
    </div>
  );
}
