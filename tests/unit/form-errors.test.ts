// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { focusFirstInvalid } from "../../src/client/lib/form-errors";

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

function form(): { form: HTMLFormElement; field: HTMLInputElement } {
  document.body.innerHTML = `<form><input name="other" /><input name="currentPassword" /></form>`;
  return { form: document.querySelector("form")!, field: document.querySelector<HTMLInputElement>('[name="currentPassword"]')! };
}

afterEach(() => {
  document.body.innerHTML = "";
});

describe("focusFirstInvalid", () => {
  it("focuses the field already marked invalid on the next frame", async () => {
    const { form: f, field } = form();
    field.setAttribute("aria-invalid", "true");
    focusFirstInvalid(f);
    await nextFrame();
    expect(document.activeElement).toBe(field);
  });

  it("still focuses the field when the error state is painted after the first frame (a server's refusal rendered late)", async () => {
    const { form: f, field } = form();
    focusFirstInvalid(f);
    await nextFrame();
    expect(document.activeElement).not.toBe(field);
    field.setAttribute("aria-invalid", "true");
    await nextFrame();
    await nextFrame();
    expect(document.activeElement).toBe(field);
  });
});
