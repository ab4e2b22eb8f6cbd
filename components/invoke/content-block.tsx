// One content block of a tool result, drawn by type. Everything in it came from the
// server and is untrusted: text is rendered as text, media only through <img>/<audio>
// with data: URIs of known-safe types, links are shown, never followed automatically.
import type { ReactNode } from "react";
import type { CallToolResult } from "@/lib/domain/mcp-types";
import { JsonTree } from "@/components/ui/json-tree";
import { Markdown } from "@/components/ui/markdown";
import { ResourceLink } from "./resource-link";
import { TextBlock } from "./text-block";

export type ContentBlock = CallToolResult["content"][number];

const SAFE_IMAGE = new Set(["image/png", "image/jpeg", "image/gif", "image/webp", "image/svg+xml", "image/avif"]);
const SAFE_AUDIO = /^audio\/(wav|x-wav|wave|mpeg|mp3|ogg|webm|flac|aac|mp4)$/;

/** How many bytes base64 text decodes to: three a four characters, less one a padding "=". */
function base64Bytes(base64: string): number {
  const padding = base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

function Pre({ children, testId }: { children: ReactNode; testId?: string }): ReactNode {
  return (
    <pre
      tabIndex={0}
      data-testid={testId}
      className="max-h-[480px] overflow-auto rounded-md bg-zinc-50 p-3 font-mono text-[12.5px] leading-relaxed whitespace-pre-wrap break-words dark:bg-zinc-900"
    >
      {children}
    </pre>
  );
}

function Annotations({ block }: { block: ContentBlock }): ReactNode {
  const annotations = (block as { annotations?: { audience?: string[]; priority?: number; lastModified?: string } }).annotations;
  if (!annotations) return null;
  return (
    <div className="mt-1.5 flex flex-wrap gap-1.5 text-[11px] text-muted" data-testid="content-annotations">
      {annotations.audience && (
        <span className="rounded bg-zinc-100 px-1.5 py-0.5 dark:bg-zinc-800">audience: {annotations.audience.join(", ")}</span>
      )}
      {annotations.priority !== undefined && (
        <span className="rounded bg-zinc-100 px-1.5 py-0.5 dark:bg-zinc-800">priority: {annotations.priority}</span>
      )}
      {annotations.lastModified && (
        <span className="rounded bg-zinc-100 px-1.5 py-0.5 dark:bg-zinc-800">modified: {annotations.lastModified}</span>
      )}
    </div>
  );
}

function Unsupported({ why }: { why: string }): ReactNode {
  return <p className="text-xs text-amber-700 dark:text-amber-400">{why}</p>;
}

function Body({ block, serverId }: { block: ContentBlock; serverId: string | undefined }): ReactNode {
  switch (block.type) {
    case "text":
      return <TextBlock text={block.text} />;
    case "image":
      if (!SAFE_IMAGE.has(block.mimeType))
        return <Unsupported why={`An image of type ${block.mimeType}, which Toolscope does not display.`} />;
      return (
        // eslint-disable-next-line @next/next/no-img-element -- a data: URI from the tool result
        <img
          data-testid="content-image"
          src={`data:${block.mimeType};base64,${block.data}`}
          alt="Image returned by the tool"
          className="max-h-96 max-w-full rounded-md border border-zinc-200 dark:border-zinc-800"
        />
      );
    case "audio":
      if (!SAFE_AUDIO.test(block.mimeType)) return <Unsupported why={`Audio of type ${block.mimeType}, which Toolscope does not play.`} />;
      return <audio data-testid="content-audio" controls src={`data:${block.mimeType};base64,${block.data}`} className="w-full max-w-md" />;
    case "resource_link":
      return <ResourceLink link={block} serverId={serverId} />;
    case "resource": {
      const resource = block.resource;
      if ("text" in resource) {
        return (
          <div data-testid="content-resource-text">
            <div className="mb-1 font-mono text-xs text-muted">
              {resource.uri} {resource.mimeType && `· ${resource.mimeType}`}
            </div>
            <ResourceText text={resource.text} mimeType={resource.mimeType} />
          </div>
        );
      }
      const mime = resource.mimeType ?? "application/octet-stream";
      const href = `data:${SAFE_IMAGE.has(mime) ? mime : "application/octet-stream"};base64,${resource.blob}`;
      const fileName = resource.uri.split("/").pop() || "resource.bin";
      return (
        <div data-testid="content-resource-blob" className="rounded-md border border-zinc-200 p-3 text-[13px] dark:border-zinc-800">
          <div className="font-mono text-xs text-muted">
            {resource.uri} · {mime} · {base64Bytes(resource.blob).toLocaleString()} bytes
          </div>
          {SAFE_IMAGE.has(mime) && (
            // eslint-disable-next-line @next/next/no-img-element -- a data: URI from the tool result
            <img src={href} alt="Embedded resource preview" className="mt-2 max-h-48 rounded border border-zinc-200 dark:border-zinc-800" />
          )}
          {textual(mime) && <BlobText blob={resource.blob} mimeType={mime} />}
          {SAFE_AUDIO.test(mime) && (
            <audio
              data-testid="content-resource-audio"
              controls
              src={`data:${mime};base64,${resource.blob}`}
              className="mt-2 w-full max-w-md"
            />
          )}
          <a
            href={href}
            download={fileName}
            className="mt-2 inline-block text-xs font-medium text-indigo-600 hover:underline dark:text-indigo-400"
          >
            Download {fileName}
          </a>
        </div>
      );
    }
    default:
      return (
        <div data-testid="content-unknown">
          <p className="mb-1 text-xs text-muted">
            A block of type “{String((block as { type?: unknown }).type)}”, which this revision of the protocol does not define (perhaps a
            newer one does). Shown as sent:
          </p>
          <Pre>{JSON.stringify(block, null, 2)}</Pre>
        </div>
      );
  }
}

/** Text sent as a blob (a text/plain file, JSON, XML): worth reading on the page, not only downloading. */
function textual(mime: string): boolean {
  return (
    /^text\//i.test(mime) ||
    /^application\/(?:json|xml|javascript|x-ndjson|yaml|x-yaml|toml|csv)\b/i.test(mime) ||
    /\+(?:json|xml)\b/i.test(mime)
  );
}

/** Characters of a blob's text shown on the page (the download has it all). */
const BLOB_TEXT_SHOWN = 20_000;

function BlobText({ blob, mimeType }: { blob: string; mimeType: string }): ReactNode {
  let text: string;
  try {
    text = new TextDecoder("utf-8").decode(Uint8Array.from(atob(blob), (c) => c.charCodeAt(0)));
  } catch {
    return null; // not base64 after all: the download is still offered
  }
  const cut = text.length > BLOB_TEXT_SHOWN;
  return (
    <div className="mt-2" data-testid="content-resource-blob-text">
      <ResourceText text={cut ? text.slice(0, BLOB_TEXT_SHOWN) : text} mimeType={mimeType} />
      {cut && <p className="mt-1 text-xs text-muted">The first {BLOB_TEXT_SHOWN.toLocaleString()} characters; download it for the rest.</p>}
    </div>
  );
}

function parsedJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** An embedded text resource shown by its MIME type: JSON as a tree, Markdown rendered safely, the rest as text. */
function ResourceText({ text, mimeType }: { text: string; mimeType: string | undefined }): ReactNode {
  const type = (mimeType ?? "").split(";")[0]!.trim().toLowerCase();
  if (type === "application/json" || type.endsWith("+json")) {
    const json = parsedJson(text);
    if (json.ok) return <JsonTree value={json.value} testId="resource-json" />;
  }
  if (type === "text/markdown") {
    return (
      <div data-testid="resource-markdown" className="rounded-md border border-zinc-200 p-3 text-[13px] dark:border-zinc-800">
        <Markdown source={text} />
      </div>
    );
  }
  return <Pre>{text}</Pre>;
}

const LABEL: Record<string, string> = {
  text: "Text",
  image: "Image",
  audio: "Audio",
  resource_link: "Resource link",
  resource: "Embedded resource",
};

/** A block that breaks the protocol: why, and the block as the server sent it. */
function MalformedBlock({ block, index, reason }: { block: unknown; index: number; reason: string }): ReactNode {
  return (
    <section data-testid="content-block" data-type="malformed" data-malformed="true">
      <div className="mb-1 text-[11px] font-medium tracking-wide text-rose-600 uppercase dark:text-rose-400">
        {index + 1}. Malformed content block
      </div>
      <p data-testid="malformed-reason" className="mb-1.5 text-[13px] text-rose-700 dark:text-rose-300">
        {reason}
      </p>
      <Pre testId="malformed-raw">{JSON.stringify(block, null, 2) ?? String(block)}</Pre>
    </section>
  );
}

export function ContentBlockView({
  block,
  index,
  serverId,
  malformed,
}: {
  block: ContentBlock;
  index: number;
  serverId?: string;
  /** Why the block breaks the protocol, when it does: it is then shown raw. */
  malformed?: string | undefined;
}): ReactNode {
  if (malformed !== undefined) return <MalformedBlock block={block} index={index} reason={malformed} />;
  return (
    <section data-testid="content-block" data-type={block.type}>
      <div className="mb-1 text-[11px] font-medium tracking-wide text-muted uppercase">
        {index + 1}. {LABEL[block.type] ?? block.type}
      </div>
      <Body block={block} serverId={serverId} />
      <Annotations block={block} />
    </section>
  );
}
