import { Link } from "react-router-dom";
import { CheckCircleIcon, ClockIcon, MailIcon, ShieldIcon, TruckIcon, VideoIcon } from "../ui/icons";
import { Logo } from "./logo";

/** The promises made to every visitor (SPEC §1). */
const claims = [
  { icon: ShieldIcon, text: "Licensed by the Gambling Commission" },
  { icon: VideoIcon, text: "Live draws every Monday evening on our social video page" },
  { icon: CheckCircleIcon, text: "Every draw goes ahead, whether or not it sells out" },
  { icon: ClockIcon, text: "Winners contacted within 48 hours" },
  { icon: TruckIcon, text: "Free delivery to UK and Ireland addresses on all prizes" },
  { icon: MailIcon, text: "We reply to contact messages within 24-48 hours" },
];

const links: Array<{ to: string; label: string; reloadDocument?: boolean }> = [
  { to: "/competitions", label: "Competitions" },
  { to: "/winners", label: "Winners" },
  // A document of its own: /live's policy allows the stream's player (issue #17).
  { to: "/live", label: "Live Draw", reloadDocument: true },
  { to: "/about", label: "About Us" },
  { to: "/contact", label: "Contact" },
  { to: "/safer-play", label: "Safer Play" },
  { to: "/our-commitments", label: "Our Commitments" },
  { to: "/terms", label: "Terms & Conditions" },
  { to: "/privacy", label: "Privacy Policy" },
];

export function Footer() {
  return (
    <footer className="on-dark mt-16 bg-field-900 text-field-100">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.2fr_2fr_1fr] lg:px-8">
        <div>
          <Logo tone="light" />
          <p className="mt-4 max-w-xs text-sm leading-relaxed text-field-100">
            Prize competitions for farmers and growers across the UK and Ireland: machinery, irrigation, training and cash.
          </p>
        </div>

        <section aria-labelledby="footer-promises">
          <h2 id="footer-promises" className="font-sans text-sm font-bold uppercase tracking-wider text-wheat-300">
            Our promises
          </h2>
          <ul className="mt-4 grid gap-3 sm:grid-cols-2">
            {claims.map(({ icon: Icon, text }) => (
              <li key={text} className="flex gap-2.5 text-sm">
                <Icon className="mt-0.5 size-4 shrink-0 text-wheat-300" />
                <span>{text}</span>
              </li>
            ))}
          </ul>
        </section>

        <nav aria-labelledby="footer-links">
          <h2 id="footer-links" className="font-sans text-sm font-bold uppercase tracking-wider text-wheat-300">
            Information
          </h2>
          <ul className="mt-4 flex flex-col gap-2 text-sm">
            {links.map((link) => (
              <li key={link.to}>
                <Link to={link.to} reloadDocument={link.reloadDocument} className="rounded text-field-50 underline-offset-4 hover:text-white hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t border-field-800">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-5 text-sm text-field-200 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          <p>© {new Date().getFullYear()} Harvest Draws. All rights reserved.</p>
          <p className="font-semibold text-wheat-200">
            <Link to="/safer-play" className="rounded underline-offset-4 hover:text-white hover:underline">
              Play responsibly
            </Link>
            . 18+ only. National Gambling Helpline:{" "}
            <a href="tel:+448088020133" className="whitespace-nowrap underline-offset-4 hover:text-white hover:underline">
              0808 8020 133
            </a>
          </p>
        </div>
      </div>
    </footer>
  );
}
