import { PlaceholderPage } from "../../components/layout/placeholder-page";

export function AboutPage() {
  return <PlaceholderPage title="About Us" lead="Who we are and why we run prize draws for the farming community." />;
}
