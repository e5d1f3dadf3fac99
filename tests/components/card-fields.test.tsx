// @vitest-environment happy-dom
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { CardFields } from "../../src/client/components/checkout/card-fields";
import { useFormFields } from "../../src/client/hooks/use-form-fields";
import { renderWithApp, stubTrpcFetch } from "./render";

/** The card fields as a checkout holds them. */
function Card() {
  const { field } = useFormFields({ nameOnCard: "", cardNumber: "", expiryDate: "", cvv: "" });
  return <CardFields field={field} />;
}

async function renderCard() {
  const fetch = stubTrpcFetch({ "public.content.shopMode": () => ({ demo: false }) });
  renderWithApp(<Card />);
  await waitFor(() => expect(fetch).toHaveBeenCalled());
}

const cardNumber = () => screen.getByLabelText("Card Number") as HTMLInputElement;

describe("card fields", () => {
  it("spaces the card number in fours as it is typed, like the expiry gets its slash", async () => {
    const user = userEvent.setup();
    await renderCard();
    await user.type(cardNumber(), "42424242");
    expect(cardNumber().value).toBe("4242 4242");
    await user.type(cardNumber(), "42424242");
    expect(cardNumber().value).toBe("4242 4242 4242 4242");

    await user.type(screen.getByLabelText("Expiry Date"), "1234");
    expect((screen.getByLabelText("Expiry Date") as HTMLInputElement).value).toBe("12/34");
  });

  it("takes up to 19 digits with their spaces, and groups American Express 4-6-5", async () => {
    const user = userEvent.setup();
    await renderCard();
    await user.type(cardNumber(), "4242 4242 4242 4242 4242");
    expect(cardNumber().value).toBe("4242 4242 4242 4242 424");

    await user.clear(cardNumber());
    await user.type(cardNumber(), "378282246310005");
    expect(cardNumber().value).toBe("3782 822463 10005");

    await user.clear(cardNumber());
    await user.paste("4000-0566-5566-5556");
    expect(cardNumber().value).toBe("4000 0566 5566 5556");
  });

  it("keeps the caret where the customer is typing when a digit goes in the middle", async () => {
    const user = userEvent.setup();
    await renderCard();
    await user.type(cardNumber(), "42424242");
    // Between the 5th and 6th digits ("4242 4|242"): the groups re-form behind the new digit.
    await user.type(cardNumber(), "9", { initialSelectionStart: 6, initialSelectionEnd: 6 });
    expect(cardNumber().value).toBe("4242 4924 2");
    expect(cardNumber().selectionStart).toBe(7);
    await user.keyboard("8");
    expect(cardNumber().value).toBe("4242 4982 42");
    expect(cardNumber().selectionStart).toBe(8);
  });
});
