import { describe, expect, it } from "vitest";
import { emptyPostalForm, postalEntryErrors, postalEntryFrom, todayInput } from "../../src/client/components/admin/draws/postal-entry-form-state";
import { postalEntryInput } from "../../src/shared/schemas/draws";

const filled = {
  ...emptyPostalForm(),
  customerName: "Post Person",
  customerEmail: "post@example.test",
  address: "Farm\nVillage",
  postalReference: "PC-0001",
  answer: "Green",
  dateOfBirth: "1961-02-03",
};

describe("the postal entry form", () => {
  it("checks the procedure's own rules, each message under its field", () => {
    expect(postalEntryErrors({ ...emptyPostalForm(), receivedOn: "" }, false)).toEqual({
      customerName: "Entrant name is required",
      customerEmail: "Please enter a valid email address",
      address: "Postal address is required",
      receivedOn: "Date received is required",
      postalReference: "Postal reference is required",
    });
    expect(postalEntryErrors({ ...filled, dateOfBirth: "1961-02" }, true)).toEqual({ dateOfBirth: "Date of birth must be a full date" });
  });

  it("adds what only the form knows: the answer to the competition's question, and no day after today", () => {
    expect(postalEntryErrors({ ...filled, answer: " " }, true)).toEqual({ answer: "Enter the answer written on the entry" });
    expect(postalEntryErrors({ ...filled, answer: "" }, false)).toEqual({});
    const tomorrow = todayInput(new Date(Date.now() + 86_400_000));
    expect(postalEntryErrors({ ...filled, receivedOn: tomorrow }, true)).toEqual({ receivedOn: "The date received cannot be in the future" });
  });

  it("sends what the procedure accepts", () => {
    expect(postalEntryErrors(filled, true)).toEqual({});
    const sent = postalEntryFrom(filled, false);
    expect(sent).toMatchObject({ answer: null, dateOfBirth: "1961-02-03" });
    expect(postalEntryInput.safeParse(sent).success).toBe(true);
  });
});
