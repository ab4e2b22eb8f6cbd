// Markdown from a server (tool descriptions, instructions, results), rendered as React
// elements — never as HTML — so nothing a server writes can run script or add markup.
// Covers what descriptions use: headings, paragraphs, lists, fenced code, inline code,
// bold, italics and links (http, https and mailto only; others are shown as text).
import { Fragment, type ReactNode } from "react";

const SAFE_LINK = /^(https?:|mailto:)/i;

function inline(text: string, keyBase: string): ReactNode[] {
  const out: ReactNode[] = [];
  // As in CommonMark, "_" does not open or close emphasis inside a word (snake_case names).
  const pattern = /(`[^`]+`)|(\*\*[^*]+\*\*)|(\*[^*\s][^*]*\*|(?<![\p{L}\p{N}_])_[^_\s][^_]*_(?![\p{L}\p{N}_]))|(\[[^\]]+\]\([^)\s]+\))/gu;
  let last = 0;
  let match: RegExpExecArray | null;
  let i = 0;
  while ((match = pattern.exec(text))) {
    if (match.index > last) out.push(text.slice(last, match.index));
    const token = match[0];
    const key = `${keyBase}-${i++}`;
    if (match[1])
      out.push(
        <code key={key} className="rounded bg-zinc-100 px-1 font-mono text-[0.9em] dark:bg-zinc-800">
          {token.slice(1, -1)}
        </code>,
      );
    else if (match[2]) out.push(<strong key={key}>{token.slice(2, -2)}</strong>);
    else if (match[3]) out.push(<em key={key}>{token.slice(1, -1)}</em>);
    else {
      const [, label = "", href = ""] = /^\[([^\]]+)\]\(([^)\s]+)\)$/.exec(token) ?? [];
      out.push(
        SAFE_LINK.test(href) ? (
          <a
            key={key}
            href={href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="text-indigo-600 underline-offset-2 hover:underline dark:text-indigo-400"
          >
            {label}
          </a>
        ) : (
          <Fragment key={key}>{token}</Fragment>
        ),
      );
    }
    last = match.index + token.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

export function Markdown({ source, className = "" }: { source: string; className?: string }): ReactNode {
  const lines = source.replace(/\r\n/g, "\n").split("\n");
  const blocks: ReactNode[] = [];
  let i = 0;
  let key = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (line.startsWith("```")) {
      const code: string[] = [];
      i++;
      while (i < lines.length && !lines[i]!.startsWith("```")) code.push(lines[i++]!);
      i++;
      blocks.push(
        <pre tabIndex={0} key={key++} className="overflow-auto rounded-md bg-zinc-50 p-2 font-mono text-[12px] dark:bg-zinc-900">
          {code.join("\n")}
        </pre>,
      );
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      blocks.push(
        <p
          key={key++}
          className={`font-semibold ${heading[1]!.length <= 2 ? "text-[15px]" : "text-[13px]"}`}
          role="heading"
          aria-level={heading[1]!.length}
        >
          {inline(heading[2]!, `h${key}`)}
        </p>,
      );
      i++;
      continue;
    }
    if (/^\s*([-*+]|\d+\.)\s+/.test(line)) {
      const ordered = /^\s*\d+\./.test(line);
      const items: string[] = [];
      while (i < lines.length && /^\s*([-*+]|\d+\.)\s+/.test(lines[i]!)) items.push(lines[i++]!.replace(/^\s*([-*+]|\d+\.)\s+/, ""));
      const List = ordered ? "ol" : "ul";
      blocks.push(
        <List key={key++} className={`${ordered ? "list-decimal" : "list-disc"} space-y-0.5 pl-5`}>
          {items.map((item, n) => (
            <li key={n}>{inline(item, `l${key}-${n}`)}</li>
          ))}
        </List>,
      );
      continue;
    }
    if (line.trim() === "") {
      i++;
      continue;
    }
    const paragraph: string[] = [];
    while (i < lines.length && lines[i]!.trim() !== "" && !/^(#{1,6}\s|```|\s*([-*+]|\d+\.)\s)/.test(lines[i]!))
      paragraph.push(lines[i++]!);
    blocks.push(<p key={key++}>{inline(paragraph.join(" "), `p${key}`)}</p>);
  }
  return <div className={`space-y-2 ${className}`}>{blocks}</div>;
}
