"use client";

// A resource_link result: shown with its name, URI and type, and opened (on request) through
// the server's resources/read — never by navigating to the URI, whatever its scheme.
import { Button } from "@/components/ui/button";
import { useState, type ReactNode } from "react";
import { api } from "@/components/api/client";

type Link = { uri: string; name: string; title?: string; description?: string; mimeType?: string };
type Contents = { uri: string; mimeType?: string; text?: string; blob?: string }[];

/** `serverId` is left out when the server does not offer resources (no resources/read to call). */
export function ResourceLink({ link, serverId }: { link: Link; serverId: string | undefined }): ReactNode {
  const [contents, setContents] = useState<Contents | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  const open = async (): Promise<void> => {
    if (!serverId) return;
    setLoading(true);
    setError(null);
    try {
      // Through the call pipeline: audited as a resource read.
      const answer = await api("POST /api/servers/:serverId/resources/read", { params: { serverId }, body: { uri: link.uri } });
      if (answer.error)
        setError(`The server refused: ${answer.error.message}${answer.error.code === undefined ? "" : ` (${answer.error.code})`}`);
      else setContents(answer.result?.contents ?? []);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setLoading(false);
    }
  };

  return (
    <div data-testid="content-resource-link" className="rounded-md border border-zinc-200 p-3 text-[13px] dark:border-zinc-800">
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <div className="font-medium">{link.title ?? link.name}</div>
          <div className="mt-0.5 font-mono text-xs break-all text-muted">{link.uri}</div>
          <div className="mt-1 text-xs text-muted">{[link.mimeType, link.description].filter(Boolean).join(" · ") || "resource link"}</div>
        </div>
        {serverId && !contents && (
          <Button
            onPress={() => void open()}
            isDisabled={loading}
            className="text-xs text-indigo-600 hover:underline disabled:opacity-50 dark:text-indigo-400"
            data-testid="open-resource"
          >
            {loading ? "Reading…" : "Read resource"}
          </Button>
        )}
      </div>
      {error && (
        <p role="alert" className="mt-2 text-xs text-rose-600">
          {error}
        </p>
      )}
      {contents?.map((c, i) => (
        <div key={i} className="mt-2" data-testid="resource-contents">
          {c.text !== undefined ? (
            <pre
              tabIndex={0}
              className="max-h-72 overflow-auto rounded-md bg-zinc-50 p-2 font-mono text-[12px] whitespace-pre-wrap dark:bg-zinc-900"
            >
              {c.text}
            </pre>
          ) : (
            <span className="text-xs text-muted">
              {c.mimeType ?? "binary"} · {Math.floor(((c.blob ?? "").length * 3) / 4).toLocaleString()} bytes
            </span>
          )}
        </div>
      ))}
    </div>
  );
}
