/** A hash or seed: monospace, wrapping anywhere so 64 characters never push a phone screen sideways. */
export function HashValue({ value }: { value: string }) {
  return <code className="block font-mono text-sm leading-relaxed text-stone-900 [overflow-wrap:anywhere]">{value}</code>;
}
