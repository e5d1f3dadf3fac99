import { LegalPage } from "../../components/legal/legal-page";
import { termsSections } from "../../components/legal/terms-content";

export function TermsPage() {
  return (
    <LegalPage
      title="Terms & Conditions"
      lead="The rules that apply to every Harvest Draws competition, in plain English."
      updated="November 2026"
      sections={termsSections}
    />
  );
}
