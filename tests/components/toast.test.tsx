// @vitest-environment happy-dom
import { act, render, screen, waitFor } from "@testing-library/react";
import { toast as sonner } from "sonner";
import { afterEach, describe, expect, it } from "vitest";
import { AppToaster } from "../../src/client/components/ui/app-toaster";
import { toast } from "../../src/client/lib/toast";
import "./render";

/** Every toast in the page, shown or waiting behind the one shown. */
const toasts = () => Array.from(document.querySelectorAll("[data-sonner-toast]"), (t) => t.textContent);

describe("toasts", () => {
  // Sonner keeps its toasts in a module-wide store; start each test from none.
  afterEach(() => {
    sonner.dismiss();
  });

  it("shows one toast at a time: a new one replaces the one showing", async () => {
    render(<AppToaster />);
    act(() => toast.success("Added to Cart", "Win a Tractor has been added to your cart."));
    expect(await screen.findByText("Added to Cart")).toBeTruthy();

    act(() => toast.error("Incorrect Answer", "Please check your answer to the qualifying question and try again."));
    expect(await screen.findByText("Incorrect Answer")).toBeTruthy();
    await waitFor(() => expect(toasts()).toEqual(["Incorrect AnswerPlease check your answer to the qualifying question and try again."]));

    // Nothing was queued behind it to appear once it goes.
    act(() => toast.info("Logged Out"));
    await waitFor(() => expect(toasts()).toEqual(["Logged Out"]));
  });
});
