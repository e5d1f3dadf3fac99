import type { ButtonHTMLAttributes } from "react";
import { Link, type LinkProps } from "react-router-dom";
import { buttonClasses, type ButtonSize, type ButtonVariant } from "./button-styles";
import { Spinner } from "./spinner";

interface StyleProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, StyleProps {
  /** Shows a spinner and disables the button, so a form cannot be sent twice. */
  pending?: boolean;
}

export function Button({ variant, size, fullWidth, pending, disabled, className, children, type = "button", ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      className={buttonClasses(variant, size, [fullWidth ? "w-full" : "", className ?? ""].join(" "))}
      {...rest}
    >
      {pending ? <Spinner size="sm" /> : null}
      {children}
    </button>
  );
}

interface ButtonLinkProps extends LinkProps, StyleProps {}

/** A link that looks like a button (navigation is a link, actions are buttons). */
export function ButtonLink({ variant, size, fullWidth, className, ...rest }: ButtonLinkProps) {
  return <Link className={buttonClasses(variant, size, [fullWidth ? "w-full" : "", className ?? ""].join(" "))} {...rest} />;
}
