import { PlaceholderPage } from "../../components/layout/placeholder-page";

export function DirectCheckoutPage() {
  return <PlaceholderPage title="Secure Checkout" />;
}
