import { PlaceholderPage } from "../../components/layout/placeholder-page";

export function WinnersPage() {
  return <PlaceholderPage title="Winners Gallery" lead="Meet the farmers and growers who have won with us." />;
}
