/** Near every pay button: the name the buyer will see on their card statement (CARD_DESCRIPTOR). */
export function StatementDescriptor({ descriptor }: { descriptor: string }) {
  return <p className="text-center text-sm text-stone-700">This payment will appear on your statement as {descriptor}.</p>;
}
