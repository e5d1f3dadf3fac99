/**
 * A link preview or a search result shows one short line of plain text. What an admin typed into a
 * description may carry HTML or Markdown (pasted from elsewhere, or written out of habit); the page
 * shows it as typed, the preview shows only its words, cut to a length the cards and search results
 * display whole.
 */

/** The longest description a preview gets, "…" included: search results show about 155–160, cards more. */
export const DESCRIPTION_MAX = 200;

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", hellip: "…", ndash: "–", mdash: "—", pound: "£" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi, (whole, ref: string) => {
    if (ref[0] !== "#") return ENTITIES[ref.toLowerCase()] ?? whole;
    const code = ref[1] === "x" || ref[1] === "X" ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : whole;
  });
}

/** One line of Markdown without its markers: headings, quotes, list bullets, emphasis, links, code. */
function unmarkLine(line: string): string {
  return line
    .replace(/^\s{0,3}#{1,6}\s+/, "")
    .replace(/^\s*(?:>\s?)+/, "")
    .replace(/^\s*(?:[-*+•]|\d{1,3}[.)])\s+/, "")
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]+)\]\([^)]*\)/g, "$1")
    .replace(/`([^`]*)`/g, "$1")
    .replace(/(\*\*|__|~~)(?=\S)(.+?)(?<=\S)\1/g, "$2")
    .replace(/(^|[^\w*])([*_])(?=\S)(.+?)(?<=\S)\2(?![\w*])/g, "$1$3");
}

/**
 * The words of a text that may hold HTML or Markdown, on one line: scripts and styles dropped with
 * their content, tags and Markdown markers dropped, entities read, control characters removed, and
 * each line ending in a full stop when it had no punctuation of its own (a list reads as sentences).
 */
export function plainText(text: string): string {
  const withoutMarkup = text
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, " ")
    .replace(/<!--[\s\S]*?-->/g, " ")
    .replace(/<\/?(?:p|div|br|li|ul|ol|h[1-6]|tr|blockquote)\b[^>]*>/gi, "\n")
    .replace(/<\/?[a-z][^>]*>/gi, "")
    .replace(/[\u2028\u2029]/g, "\n");
  const lines = decodeEntities(withoutMarkup)
    // eslint-disable-next-line no-control-regex -- control characters are what is being removed
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, "")
    .split(/\r\n|\r|\n/)
    .filter((line) => !/^\s*(?:[-*_]\s*){3,}$/.test(line))
    .map((line) => unmarkLine(line).replace(/\s+/g, " ").trim())
    .filter((line) => line.length > 0);
  if (lines.length < 2) return lines[0] ?? "";
  return lines.map((line) => (/[.!?:;,…]$/.test(line) ? line : `${line}.`)).join(" ");
}

/**
 * A text cut to at most `max` characters (counting "…") on a word boundary, with "…" after it; a text
 * that fits is returned whole. Counts characters, not UTF-16 units, so no emoji is cut in half.
 */
export function cutText(text: string, max = DESCRIPTION_MAX): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const head = chars.slice(0, max).join("");
  const lastSpace = head.lastIndexOf(" ");
  const cut = lastSpace >= max / 2 ? head.slice(0, lastSpace) : chars.slice(0, max - 1).join("");
  return `${cut.replace(/[\s,;:.\-–—(]+$/, "")}…`;
}
