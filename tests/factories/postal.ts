/** A postal entry card as an admin records it: a correct answer, an adult, received a minute ago, a fresh reference. */
export function postalCard<T extends Record<string, unknown>>(over: T = {} as T) {
  return {
    customerName: "Postal Person",
    customerEmail: `p-${crypto.randomUUID().slice(0, 6)}@example.test`,
    address: "1 Lane\nTown",
    receivedAt: new Date(Date.now() - 60_000).toISOString(),
    postalReference: `PC-${crypto.randomUUID().slice(0, 8)}`,
    answer: "green",
    dateOfBirth: "1970-05-01",
    ...over,
  };
}
