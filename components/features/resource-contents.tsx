"use client";

// The contents of a resources/read, each drawn as an embedded resource is in a tool result
// (JSON as a tree, Markdown rendered safely, images through data: URIs, anything else as a
// download), never by opening the resource's URI. Very long text is cut for the page, with
// the whole of it to download.
import type { ReactNode } from "react";
import { ContentBlockView, type ContentBlock } from "@/components/invoke/content-block";
import type { ReadResourceResult } from "@/lib/domain/server-features";
import { Disclosure } from "@/components/ui/disclosure";

/** Characters of one text drawn on the page; the rest is in the download. */
export const SHOWN_TEXT_LIMIT = 100_000;

type Content = ReadResourceResult["contents"][number];

function fileName(uri: string): string {
  return uri.split(/[/?#]/).filter(Boolean).pop() || "resource.txt";
}

function LongText({ content }: { content: Content & { text: string } }): ReactNode {
  const href = `data:text/plain;charset=utf-8,${encodeURIComponent(content.text)}`;
  return (
    <p className="mt-1.5 text-xs text-muted" data-testid="resource-text-cut">
      Showing the first {SHOWN_TEXT_LIMIT.toLocaleString()} of {content.text.length.toLocaleString()} characters.{" "}
      <a href={href} download={fileName(content.uri)} className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
        Download all
      </a>
    </p>
  );
}

export function ResourceContents({ result, serverId }: { result: ReadResourceResult; serverId: string }): ReactNode {
  if (!result.contents.length) return <p className="text-[13px] text-muted">The server answered with no contents.</p>;
  return (
    <div className="space-y-4" data-testid="resource-contents">
      {result.contents.map((content, index) => {
        const long = "text" in content && typeof content.text === "string" && content.text.length > SHOWN_TEXT_LIMIT;
        const shown = long ? { ...content, text: (content as { text: string }).text.slice(0, SHOWN_TEXT_LIMIT) } : content;
        const block = { type: "resource", resource: shown } as ContentBlock;
        return (
          <div key={index}>
            <ContentBlockView block={block} index={index} serverId={serverId} />
            {long && <LongText content={content as Content & { text: string }} />}
            {content._meta && (
              <Disclosure className="mt-1.5 text-xs" triggerClassName=" text-muted" title={<>_meta</>}>
                <pre tabIndex={0} className="mt-1 overflow-auto rounded bg-zinc-50 p-2 font-mono dark:bg-zinc-900">
                  {JSON.stringify(content._meta, null, 2)}
                </pre>
              </Disclosure>
            )}
          </div>
        );
      })}
    </div>
  );
}
