import { PlaceholderPage } from "../../components/layout/placeholder-page";

export function CheckoutPage() {
  return <PlaceholderPage title="Checkout" />;
}
