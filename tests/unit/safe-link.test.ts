import { describe, expect, it } from "vitest";
import { externalUrl, isSafeLink, linkTarget, sitePath } from "../../src/shared/safe-link";

const ORIGIN = "https://harvestdraws.example";

/** Each of these once reached the hero button, which sent the tab to evil.test or ran script. */
const HOSTILE_LINKS = [
  "/\\evil.test/",
  "/\\/evil.test/",
  "\\\\evil.test/",
  "/\t/evil.test/",
  "/\n/evil.test/",
  "/\r/evil.test/",
  "/\t\\evil.test",
  "//evil.test/",
  "///evil.test/",
  "/%5Cevil.test/",
  "/%5c%5cevil.test/",
  "/%2F/evil.test/",
  "/..//evil.test/",
  "/.//evil.test/",
  "/%2e%2e//evil.test/",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "/javascript:alert(1)//\u2028",
  "data:text/html,<script>alert(1)</script>",
  " //evil.test/",
  " javascript:alert(1)",
  "https:/\\evil.test",
  "https:\\\\evil.test",
  "http:evil.test",
  "https://",
  "https://evil.test\t/",
  "https://evil .test/",
  "",
];

const GOOD_SITE_PATHS = [
  "/",
  "/competitions",
  "/competition/0190e4c1-7b1a-7c2e-9f00-abc123",
  "/competitions?category=Irrigation#list",
  "/objects/uploads/4f7c",
];
const GOOD_EXTERNAL = ["https://example.com", "http://example.com/page?x=1", "HTTPS://Example.com/Path"];

describe("isSafeLink", () => {
  it.each(HOSTILE_LINKS)("refuses %j", (link) => {
    expect(isSafeLink(link)).toBe(false);
    expect(linkTarget(link, ORIGIN)).toBeNull();
  });

  it.each(GOOD_SITE_PATHS)("keeps the site path %j, in-app", (link) => {
    expect(isSafeLink(link)).toBe(true);
    expect(linkTarget(link, ORIGIN)).toEqual({ kind: "site", path: link });
  });

  it.each(GOOD_EXTERNAL)("keeps the absolute URL %j, as an external link", (link) => {
    expect(isSafeLink(link)).toBe(true);
    expect(linkTarget(link, ORIGIN)).toEqual({ kind: "external", href: new URL(link).href });
  });

  it("judges a site path by where the browser would really go", () => {
    // What a browser makes of "/\evil.test/": another origin.
    expect(new URL("/\\evil.test/", ORIGIN).origin).toBe("https://evil.test");
    expect(sitePath("/\\evil.test/", ORIGIN)).toBeNull();
    expect(sitePath("/competitions", ORIGIN)).toBe("/competitions");
    expect(externalUrl("/competitions")).toBeNull();
  });

  it("treats a missing link as no link", () => {
    expect(linkTarget(null, ORIGIN)).toBeNull();
    expect(linkTarget(undefined, ORIGIN)).toBeNull();
  });
});
