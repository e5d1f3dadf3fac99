import { useId, type ReactNode } from "react";
import { buttonClasses, type ButtonSize, type ButtonVariant } from "../../ui/button-styles";

interface NewTabLinkProps {
  href: string;
  children: ReactNode;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  "aria-label"?: string;
}

/** A button-styled link to a shop page in a new tab; the new tab is announced as its description, not its name. */
export function NewTabLink({ href, children, variant = "secondary", size = "md", className, ...rest }: NewTabLinkProps) {
  const noteId = useId();
  return (
    <>
      <a href={href} target="_blank" rel="noreferrer" aria-describedby={noteId} className={buttonClasses(variant, size, className)} {...rest}>
        {children}
        <svg
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
          className="size-4"
        >
          <path d="M15 3h6v6M10 14 21 3M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6" />
        </svg>
      </a>
      <span id={noteId} hidden>
        Opens in a new tab
      </span>
    </>
  );
}
