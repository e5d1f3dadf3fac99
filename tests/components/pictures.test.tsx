// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CompetitionImage } from "../../src/client/components/competition/competition-image";
import { SafeImage } from "../../src/client/components/home/safe-image";
import { IMAGE_SIZES } from "../../src/client/lib/picture";
import { IMAGE_WIDTHS } from "../../src/shared/images";

/*
 * A phone is sent the copy of a prize photo the size of the box it fills, in the best format it
 * reads; the box keeps its shape before the picture arrives, and the page's main picture is asked
 * for first. The shop's own drawings (SVG) are sent as they are.
 */

const UPLOAD = "/objects/uploads/0a1b2c3d-0000-4000-8000-00000000cafe";
const copies = (ext: string) => IMAGE_WIDTHS.map((w) => `${UPLOAD}/w${w}.${ext} ${w}w`).join(", ");

afterEach(() => {
  cleanup();
  document.head.querySelectorAll("link[rel=preload]").forEach((link) => link.remove());
});

describe("pictures in the size and format the screen needs", () => {
  it("draws an uploaded photo from its AVIF, WebP and JPEG copies, in a box of its card's shape, lazily", () => {
    const { container } = render(<CompetitionImage src={UPLOAD} alt="Vintage tractor" />);
    const picture = container.querySelector("picture")!;
    expect(picture).not.toBeNull();
    const sources = [...picture.querySelectorAll("source")].map((s) => [s.getAttribute("type"), s.getAttribute("srcset"), s.getAttribute("sizes")]);
    expect(sources).toEqual([
      ["image/avif", copies("avif"), IMAGE_SIZES.card],
      ["image/webp", copies("webp"), IMAGE_SIZES.card],
    ]);
    const img = screen.getByRole("img", { name: "Vintage tractor" });
    expect(img.parentElement).toBe(picture);
    expect(img.getAttribute("src")).toBe(`${UPLOAD}/w960.jpg`);
    expect(img.getAttribute("srcset")).toBe(copies("jpg"));
    expect(img.getAttribute("sizes")).toBe(IMAGE_SIZES.card);
    expect([img.getAttribute("width"), img.getAttribute("height")]).toEqual(["800", "600"]);
    expect(img.getAttribute("decoding")).toBe("async");
    expect(img.getAttribute("loading")).toBe("lazy");
    expect(img.getAttribute("fetchpriority")).toBeNull();
    expect(document.head.querySelector("link[rel=preload]")).toBeNull();
  });

  it("draws one of the shop's own drawings as it is, with its box's size", () => {
    const { container } = render(
      <SafeImage src="/images/tractor.svg" alt="A tractor" sizes={IMAGE_SIZES.tile} width={600} height={600} className="aspect-square" />,
    );
    expect(container.querySelector("picture")).toBeNull();
    expect(container.querySelector("source")).toBeNull();
    const img = screen.getByRole("img", { name: "A tractor" });
    expect(img.getAttribute("src")).toBe("/images/tractor.svg");
    expect(img.getAttribute("srcset")).toBeNull();
    expect(img.getAttribute("sizes")).toBeNull();
    expect([img.getAttribute("width"), img.getAttribute("height")]).toEqual(["600", "600"]);
    expect(img.getAttribute("decoding")).toBe("async");
  });

  it("asks for the page's main picture first: eager, high priority, and preloaded in the server-rendered head", () => {
    const html = renderToString(
      <html>
        <head />
        <body>
          <CompetitionImage src={UPLOAD} alt="Vintage tractor" priority sizes={IMAGE_SIZES.half} />
        </body>
      </html>,
    );
    const head = html.slice(0, html.indexOf("</head>"));
    const preload = /<link rel="preload"[^>]*>/.exec(head)?.[0] ?? "";
    expect(preload).toContain('as="image"');
    expect(preload).toContain(`imageSrcSet="${copies("avif")}"`);
    expect(preload).toContain(`imageSizes="${IMAGE_SIZES.half}"`);
    expect(preload).toContain('type="image/avif"');
    expect(preload).toContain('fetchPriority="high"');
    const img = /<img [^>]*>/.exec(html)![0];
    expect(img).toContain('loading="eager"');
    expect(img).toContain('fetchPriority="high"');

    // A drawing is preloaded by its own address.
    const svg = renderToString(
      <html>
        <head />
        <body>
          <SafeImage src="/images/hero-harvest.svg" alt="" priority sizes={IMAGE_SIZES.full} width={1600} height={900} />
        </body>
      </html>,
    );
    expect(svg.slice(0, svg.indexOf("</head>"))).toMatch(/<link rel="preload" href="\/images\/hero-harvest.svg" as="image" fetchPriority="high"\/>/);
  });

  it("renders the same in the browser as on the server (no hydration mismatch)", async () => {
    const element = <CompetitionImage src={UPLOAD} alt="Vintage tractor" priority sizes={IMAGE_SIZES.half} />;
    const container = document.createElement("div");
    container.innerHTML = renderToString(element);
    document.body.append(container);
    const problems = vi.fn();
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    await act(async () => {
      hydrateRoot(container, element, { onRecoverableError: problems });
    });
    expect(problems).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
    consoleError.mockRestore();
    container.remove();
  });

  it("keeps today's fallbacks: the placeholder, then a plain block; a winner's trophy", () => {
    const { container } = render(<CompetitionImage src={UPLOAD} alt="Vintage tractor" />);
    fireEvent.error(screen.getByRole("img", { name: "Vintage tractor" }));
    const placeholder = screen.getByRole("img", { name: "Vintage tractor" });
    expect(placeholder.getAttribute("src")).toBe("/images/placeholder.svg");
    expect(container.querySelector("picture")).toBeNull();
    fireEvent.error(placeholder);
    expect(container.querySelector("img")).toBeNull();
    expect(screen.getByRole("img", { name: "Vintage tractor" }).tagName).toBe("DIV");
    cleanup();

    render(<SafeImage src={UPLOAD} alt="Winner" sizes={IMAGE_SIZES.card} width={800} height={600} fallback={<p>Trophy</p>} />);
    fireEvent.error(screen.getByRole("img", { name: "Winner" }));
    expect(screen.queryByRole("img")).toBeNull();
    expect(screen.getByText("Trophy")).toBeTruthy();
  });
});
