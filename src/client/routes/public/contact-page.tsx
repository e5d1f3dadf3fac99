import { PlaceholderPage } from "../../components/layout/placeholder-page";

export function ContactPage() {
  return <PlaceholderPage title="Contact Us" lead="Questions about a competition or your entries? We reply within 24-48 hours." />;
}
