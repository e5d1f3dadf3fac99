import { PlaceholderPage } from "../../components/layout/placeholder-page";

export function CompetitionsPage() {
  return <PlaceholderPage title="All Competitions" lead="Farm machinery, irrigation, training and cash prizes." />;
}
