import { PlaceholderPage } from "../../components/layout/placeholder-page";

export function PrivacyPage() {
  return <PlaceholderPage title="Privacy Policy" lead="What we collect, why we collect it, and how we keep it safe." />;
}
