// @vitest-environment happy-dom
import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { CartProvider } from "../../src/client/components/cart/cart-context";
import type { NewCartItem } from "../../src/client/components/cart/cart-items";
import { CartPanel } from "../../src/client/components/cart/cart-panel";
import { CART_STORAGE_KEY } from "../../src/client/components/cart/cart-storage";
import { useCart } from "../../src/client/hooks/use-cart";
import "./render";

const TRACTOR: NewCartItem = { competitionId: "c1", title: "Win a Tractor", image: "/t.jpg", price: "2.50" };
const HAMPER: NewCartItem = { competitionId: "c2", title: "Farm Hamper", image: "/h.jpg", price: "0.99" };

/** Stands in for the "Add to Cart" buttons elsewhere on the site. */
function AddButton({ item }: { item: NewCartItem }) {
  const { addItem } = useCart();
  return (
    <button type="button" onClick={() => addItem(item)}>
      Add {item.title}
    </button>
  );
}

function renderCart() {
  return render(
    <CartProvider>
      <AddButton item={TRACTOR} />
      <AddButton item={HAMPER} />
      <CartPanel onClose={() => {}} />
    </CartProvider>,
  );
}

const line = (title: string) => screen.getByText(title).closest("li")!;
const total = () => screen.getByTestId("cart-total").textContent;

describe("cart", () => {
  it("starts empty", () => {
    renderCart();
    expect(screen.getByText("Your cart is empty")).toBeTruthy();
    expect(screen.queryByRole("listitem")).toBeNull();
  });

  it("adds lines, counts repeats as more quantity, and totals them", async () => {
    const user = userEvent.setup();
    renderCart();
    await user.click(screen.getByRole("button", { name: "Add Win a Tractor" }));
    await user.click(screen.getByRole("button", { name: "Add Win a Tractor" }));
    await user.click(screen.getByRole("button", { name: "Add Farm Hamper" }));

    expect(screen.getAllByRole("listitem")).toHaveLength(2);
    expect(within(line("Win a Tractor")).getByLabelText("Quantity 2")).toBeTruthy();
    expect(within(line("Win a Tractor")).getByText("£5.00")).toBeTruthy();
    expect(within(line("Win a Tractor")).getByText("£2.50 each")).toBeTruthy();
    expect(within(line("Farm Hamper")).getByLabelText("Quantity 1")).toBeTruthy();
    expect(total()).toBe("£5.99");
    expect(screen.getByRole("button", { name: "Proceed to Checkout (3 items)" })).toBeTruthy();
  });

  it("changes quantities and removes lines", async () => {
    const user = userEvent.setup();
    renderCart();
    await user.click(screen.getByRole("button", { name: "Add Win a Tractor" }));
    await user.click(screen.getByRole("button", { name: "Add Farm Hamper" }));

    await user.click(screen.getByRole("button", { name: "Increase quantity of Win a Tractor" }));
    await user.click(screen.getByRole("button", { name: "Increase quantity of Win a Tractor" }));
    expect(within(line("Win a Tractor")).getByLabelText("Quantity 3")).toBeTruthy();
    expect(total()).toBe("£8.49");

    await user.click(screen.getByRole("button", { name: "Decrease quantity of Win a Tractor" }));
    expect(within(line("Win a Tractor")).getByLabelText("Quantity 2")).toBeTruthy();
    expect(total()).toBe("£5.99");

    // Decreasing below one takes the line away.
    await user.click(screen.getByRole("button", { name: "Decrease quantity of Farm Hamper" }));
    expect(screen.queryByText("Farm Hamper")).toBeNull();
    expect(total()).toBe("£5.00");
    expect(screen.getByRole("button", { name: "Proceed to Checkout (2 items)" })).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Remove Win a Tractor from cart" }));
    expect(screen.getByText("Your cart is empty")).toBeTruthy();
  });

  it("survives a reload through local storage", async () => {
    const user = userEvent.setup();
    const first = renderCart();
    await user.click(screen.getByRole("button", { name: "Add Win a Tractor" }));
    await user.click(screen.getByRole("button", { name: "Add Farm Hamper" }));
    await user.click(screen.getByRole("button", { name: "Increase quantity of Farm Hamper" }));
    first.unmount();

    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? "[]")).toHaveLength(2);
    renderCart();
    expect(within(line("Win a Tractor")).getByLabelText("Quantity 1")).toBeTruthy();
    expect(within(line("Farm Hamper")).getByLabelText("Quantity 2")).toBeTruthy();
    expect(total()).toBe("£4.48");
  });

  it("remembers the qualifying answer given with a line, the newest one given", async () => {
    const user = userEvent.setup();
    render(
      <CartProvider>
        <AddButton item={{ ...TRACTOR, answer: " 3 " }} />
        <AddButton item={{ ...TRACTOR, title: "Win a Tractor again", answer: "4" }} />
        <AddButton item={{ ...TRACTOR, title: "Win a Tractor without an answer" }} />
        <CartPanel onClose={() => {}} />
      </CartProvider>,
    );
    const saved = () => JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? "[]") as unknown[];

    await user.click(screen.getByRole("button", { name: "Add Win a Tractor" }));
    expect(saved()).toEqual([{ ...TRACTOR, quantity: 1, answer: "3" }]);
    await user.click(screen.getByRole("button", { name: "Add Win a Tractor again" }));
    expect(saved()).toEqual([{ ...TRACTOR, quantity: 2, answer: "4" }]);
    await user.click(screen.getByRole("button", { name: "Add Win a Tractor without an answer" }));
    expect(saved()).toEqual([{ ...TRACTOR, quantity: 3, answer: "4" }]);
  });

  it("starts empty when the saved cart is unreadable, and drops malformed lines", () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    localStorage.setItem(CART_STORAGE_KEY, "{not json");
    const broken = renderCart();
    expect(screen.getByText("Your cart is empty")).toBeTruthy();
    expect(log).toHaveBeenCalledWith("Error loading cart from localStorage:", expect.any(SyntaxError));
    log.mockRestore();
    broken.unmount();

    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify([{ ...TRACTOR, quantity: 2 }, { ...HAMPER, quantity: 0 }, { title: "junk" }, { ...HAMPER, quantity: 1, answer: 4 }]),
    );
    renderCart();
    expect(screen.getAllByRole("listitem")).toHaveLength(1);
    expect(total()).toBe("£5.00");
  });

  it("follows changes made in another tab", () => {
    renderCart();
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([{ ...HAMPER, quantity: 4 }]));
    act(() => {
      window.dispatchEvent(new StorageEvent("storage", { key: CART_STORAGE_KEY }));
    });
    expect(within(line("Farm Hamper")).getByLabelText("Quantity 4")).toBeTruthy();
    expect(total()).toBe("£3.96");
  });
});
