import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import { describe, expectTypeOf, it } from "vitest";
import type { AppRouter } from "../../src/server/routers/_app";

type Out = inferRouterOutputs<AppRouter>;
type In = inferRouterInputs<AppRouter>;

interface ExpectedUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: "user" | "admin";
  phone: string | null;
  dateOfBirth: string | null;
  address: string | null;
  city: string | null;
  postcode: string | null;
  country: string;
  emailVerified: boolean;
  marketingEmail: boolean;
  createdAt: string;
}

/** These are checked by the type-check step: a contract change breaks the build, not a browser. */
describe("auth contract types", () => {
  it("login and register answer { token, user }", () => {
    expectTypeOf<Out["public"]["auth"]["login"]>().toEqualTypeOf<{ token: string; user: ExpectedUser }>();
    expectTypeOf<Out["public"]["auth"]["register"]>().toEqualTypeOf<{ token: string; user: ExpectedUser }>();
  });

  it("the current user and a profile update answer the user", () => {
    expectTypeOf<Out["customer"]["account"]["user"]>().toEqualTypeOf<ExpectedUser>();
    expectTypeOf<Out["customer"]["account"]["updateProfile"]>().toEqualTypeOf<ExpectedUser>();
    expectTypeOf<Out["public"]["auth"]["logout"]>().toEqualTypeOf<{ success: boolean }>();
  });

  it("login takes an email and a password", () => {
    expectTypeOf<In["public"]["auth"]["login"]>().toEqualTypeOf<{ email: string; password: string }>();
  });

  it("never exposes a password hash", () => {
    expectTypeOf<Out["customer"]["account"]["user"]>().not.toHaveProperty("passwordHash");
  });
});
