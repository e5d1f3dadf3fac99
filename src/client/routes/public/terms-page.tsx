import { PlaceholderPage } from "../../components/layout/placeholder-page";

export function TermsPage() {
  return <PlaceholderPage title="Terms & Conditions" lead="The rules that apply to every Harvest Draws competition." />;
}
