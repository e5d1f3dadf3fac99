import type { AuthUser } from "../../src/shared/schemas/auth";

/** The signed-in customer the component tests render for (the current-user read's answer), with what a test needs changed. */
export function customer(overrides: Partial<AuthUser> = {}): AuthUser {
  return {
    id: "user-1",
    email: "ada@example.com",
    firstName: "Ada",
    lastName: "Lovelace",
    role: "user",
    emailVerified: true,
    marketingEmail: false,
    phone: null,
    dateOfBirth: "1990-01-01",
    address: null,
    city: null,
    postcode: null,
    country: "United Kingdom",
    createdAt: "2025-01-01T00:00:00.000Z",
    ...overrides,
  };
}
