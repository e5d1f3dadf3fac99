// How a winner is named in public, whether a draw or an instant prize made them one.

/** A word that is an email address or a phone number is never published as a name. */
const CONTACT_DETAIL = /@|\d{3,}/;

/** First name, last initial and town: enough to be real, never an email or a phone number. */
export function displayName(fullName: string, town: string | null): string {
  const parts = fullName
    .trim()
    .split(/\s+/)
    .filter((w) => w && !CONTACT_DETAIL.test(w));
  const first = parts[0] ?? "Winner";
  const lastWord = parts.length > 1 ? parts[parts.length - 1]! : null;
  const last = lastWord ? ` ${lastWord[0]!.toUpperCase()}.` : "";
  return `${first}${last}${town ? `, ${town}` : ""}`;
}
