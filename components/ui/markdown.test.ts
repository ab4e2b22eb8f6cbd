import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Markdown } from "./markdown";

const render = (source: string): string => renderToStaticMarkup(createElement(Markdown, { source }));

describe("Markdown", () => {
  it("renders the common constructs", () => {
    const html = render("# Title\n\nSome **bold**, *em* and `code`.\n\n- one\n- two\n\n```\nraw <b>\n```\n\n[docs](https://example.com)");
    expect(html).toContain('role="heading"');
    expect(html).toContain("<strong>bold</strong>");
    expect(html).toContain("<em>em</em>");
    expect(html).toContain("<code");
    expect(html).toContain("<li>one</li>");
    expect(html).toContain("raw &lt;b&gt;");
    expect(html).toContain('href="https://example.com"');
    expect(html).toContain('rel="noopener noreferrer nofollow"');
  });

  it("never emits markup or script from the source", () => {
    const html = render("<img src=x onerror=alert(1)> [click](javascript:alert(1)) [data](data:text/html,<script>alert(1)</script>)");
    expect(html).not.toContain("<img");
    expect(html).not.toContain("<script");
    expect(html).not.toMatch(/href="(javascript|data):/);
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
  });

  it("leaves underscores inside words alone, as CommonMark does", () => {
    const html = render("Call toggle_bonus_tool, set window.__pwned=1 or window.__x_y, but _this_ is emphasis.");
    expect(html).toContain("toggle_bonus_tool");
    expect(html).toContain("window.__pwned=1 or window.__x_y");
    expect(html).toContain("<em>this</em>");
    expect(html.match(/<em>/g)).toHaveLength(1);
  });
});
