import { LegalPage } from "../../components/legal/legal-page";
import { privacySections } from "../../components/legal/privacy-content";

export function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      lead="What we collect, why we collect it, who sees it and the rights you have over it."
      updated="November 2026"
      sections={privacySections}
    />
  );
}
