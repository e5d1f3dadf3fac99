import { Card } from "../ui/card";

const steps = [
  {
    title: "1. Commit",
    text: "When the competition opened, our server picked a secret random number, the seed, and published its fingerprint: the commitment (the SHA-256 hash of the seed). The fingerprint cannot be turned back into the seed, but any other seed would give a different one, so we cannot swap the seed later.",
  },
  {
    title: "2. Freeze",
    text: "When sales close, every ticket goes into the pool in ticket-number order: paid online entries and free postal entries alike. We publish the pool, its size and its fingerprint (the pool hash) before the draw runs, so no ticket can be added, removed or moved afterwards.",
  },
  {
    title: "3. Reveal",
    text: "At the draw the seed is revealed. Each winner is picked by a standard calculation (HMAC-SHA256) from the seed, the pool hash and the winner's number. The seed was fixed before anyone bought a ticket and the pool before the draw, so nobody, including us, could steer the result. Anyone can repeat the calculation and get the same winners.",
  },
];

/** Commit → freeze → reveal in plain English (COMPLIANCE "The draw method"). */
export function DrawExplainer() {
  return (
    <Card>
      <h2 className="text-2xl font-bold">How the draw works</h2>
      <p className="mt-2 text-stone-700">Winners are chosen by chance alone. The draw is done so that anyone can check it afterwards:</p>
      <ol className="mt-4 grid gap-4 md:grid-cols-3">
        {steps.map((step) => (
          <li key={step.title} className="rounded-xl bg-cream-100 p-4">
            <h3 className="font-sans text-lg font-bold text-field-900">{step.title}</h3>
            <p className="mt-1 text-sm text-stone-700">{step.text}</p>
          </li>
        ))}
      </ol>
    </Card>
  );
}
