/**
 * Text placed in the HTML of a page's head. Everything an admin or a visitor could have typed (a
 * competition's title, its description, an image address) goes through one of these, so no quote,
 * angle bracket or `</script>` in it can end the attribute or the element it sits in.
 */

const ATTRIBUTE: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** A value for a double-quoted attribute (and safe in a single-quoted one too). */
export function escapeAttribute(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ATTRIBUTE[c]!);
}

/**
 * JSON for the body of a `<script type="application/ld+json">`: `<`, `>` and `&` become \u escapes, so
 * neither `</script>` nor `<!--` can appear in it, and U+2028/U+2029 too (older JavaScript parsers
 * read them as line ends). The JSON parses back to exactly the same value.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
