import { Logo } from "../layout/logo";
import { buttonClasses } from "../ui/button-styles";
import { ExternalLink, useCompetitionsUrl, REGISTER_PATH, VIDEO_URL } from "./external-link";

/** The landing page's own slim header. */
export function LandingHeader() {
  const competitionsUrl = useCompetitionsUrl();
  return (
    <header className="border-b border-cream-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6 lg:px-8">
        <Logo />
        <nav aria-label="Landing page">
          <ul className="flex items-center gap-2">
            <li className="hidden sm:block">
              <ExternalLink href={competitionsUrl} className={buttonClasses("ghost", "sm")}>
                Competitions
              </ExternalLink>
            </li>
            <li>
              <ExternalLink href={REGISTER_PATH} className={buttonClasses("primary", "sm")}>
                Register free
              </ExternalLink>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}

/** The landing page's footer. */
export function LandingFooter() {
  const competitionsUrl = useCompetitionsUrl();
  return (
    <footer className="on-dark bg-field-900 text-field-100">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:px-6 md:flex-row md:items-start md:justify-between lg:px-8">
        <div className="max-w-sm">
          <Logo tone="light" />
          <p className="mt-3 text-sm">Prize competitions for farmers and growers: equipment, irrigation, training and cash, with every draw held live.</p>
        </div>
        <ul className="flex flex-col gap-2 text-sm">
          <li>
            <ExternalLink href={competitionsUrl} className="rounded text-field-50 underline-offset-4 hover:text-white hover:underline">
              Explore competitions
            </ExternalLink>
          </li>
          <li>
            <ExternalLink href={VIDEO_URL} className="rounded text-field-50 underline-offset-4 hover:text-white hover:underline">
              Watch how it works
            </ExternalLink>
          </li>
          <li>
            <ExternalLink href={REGISTER_PATH} className="rounded text-field-50 underline-offset-4 hover:text-white hover:underline">
              Register
            </ExternalLink>
          </li>
        </ul>
      </div>
      <div className="border-t border-field-800">
        <p className="mx-auto max-w-6xl px-4 py-5 text-sm text-field-200 sm:px-6 lg:px-8">
          © {new Date().getFullYear()} Harvest Draws. Play responsibly. 18+ only.
        </p>
      </div>
    </footer>
  );
}
