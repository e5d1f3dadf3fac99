import { describe, expect, it } from "vitest";
import { escapeAttribute, jsonForScript } from "../../src/server/ssr/escape";
import { cutText, plainText } from "../../src/server/ssr/plain-text";

describe("a description as plain words", () => {
  it("drops HTML tags, scripts with their content, and comments, and reads entities", () => {
    expect(plainText(`<p>A <b>red</b> tractor &amp; trailer</p><script>alert("x")</script><!-- note --><style>p{}</style>`)).toBe("A red tractor & trailer");
    expect(plainText("Price &pound;5 &#8212; &#x2713; &bogus; &#xD800;")).toBe("Price £5 — ✓ &bogus; &#xD800;");
  });

  it("drops Markdown markers but keeps their words, and keeps arithmetic and snake_case alone", () => {
    expect(plainText("# The prize\n\n**Big** _green_ ~~old~~ `new` [tractor](https://x.example) ![a picture](/p.jpg)")).toBe(
      "The prize. Big green old new tractor a picture.",
    );
    expect(plainText("- one\n* two\n1. three\n> quoted\n---")).toBe("one. two. three. quoted.");
    expect(plainText("2 * 3 = 6 and my_file_name")).toBe("2 * 3 = 6 and my_file_name");
  });

  it("joins lines as sentences, and removes control and direction-override characters", () => {
    expect(plainText("Line one\nLine two!\r\nLine three")).toBe("Line one. Line two! Line three.");
    expect(plainText("a\u0000b\u202Ec\u2028d")).toBe("abc. d.");
    expect(plainText("   ")).toBe("");
  });
});

describe("a description cut for a preview", () => {
  it("keeps a text that fits, and cuts a long one on a word boundary with an ellipsis", () => {
    expect(cutText("short", 10)).toBe("short");
    expect(cutText("one two three four", 12)).toBe("one two…");
    expect(cutText("one two, three four", 13)).toBe("one two…");
  });

  it("cuts a text without spaces inside the limit, never halving an emoji", () => {
    expect(cutText("x".repeat(30), 10)).toBe(`${"x".repeat(9)}…`);
    const emoji = "🚜".repeat(30);
    const cut = cutText(emoji, 10);
    expect(Array.from(cut)).toHaveLength(10);
    expect(cut).toBe(`${"🚜".repeat(9)}…`);
  });
});

describe("escaping for the head", () => {
  it("an attribute value cannot close its quotes or open a tag", () => {
    expect(escapeAttribute(`"><script>'&`)).toBe("&quot;&gt;&lt;script&gt;&#39;&amp;");
  });

  it("JSON in a script element cannot close it, and parses back to the same value", () => {
    const value = { name: "</script><!-- & \u2028\u2029 'x' \"y\"" };
    const text = jsonForScript(value);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});
