import { lazy, Suspense, useState } from "react";
import { MenuIcon } from "../ui/icons";

const loadPanel = () => import("./mobile-nav-panel");
const MobileNavPanel = lazy(async () => ({ default: (await loadPanel()).MobileNavPanel }));

/** The phone menu button; the panel's code is fetched when the button is first touched or opened. */
export function MobileNav() {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <div className="lg:hidden">
      <button
        type="button"
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        aria-expanded={open}
        className="inline-flex size-11 items-center justify-center rounded-full text-field-800 hover:bg-field-50"
        aria-label="Open menu"
      >
        <MenuIcon className="size-6" />
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <MobileNavPanel open={open} setOpen={setOpen} />
        </Suspense>
      ) : null}
    </div>
  );
}
