"use client";

// A server asks the person to open a page (URL-mode elicitation): for what must not pass through
// Toolscope, a sign-in or a payment. The page's host is shown first and plainly, then the whole
// address; nothing opens until the person clicks it, and only http(s) addresses open at all.
// Accepting tells the server the person agreed; what they do on that page never comes back here.
import { Button } from "@/components/ui/button";
import { useState, type ReactNode } from "react";
import { BUTTON_PRIMARY, BUTTON_SECONDARY } from "@/components/ui/classes";

export function UrlElicitation({
  params,
  sending,
  onAccept,
  refuse,
}: {
  params: Record<string, unknown>;
  sending: boolean;
  onAccept: () => void;
  refuse: ReactNode;
}): ReactNode {
  const [opened, setOpened] = useState(false);
  let url: URL | null = null;
  try {
    url = new URL(String(params.url ?? ""));
  } catch {
    url = null;
  }
  const openable = url !== null && (url.protocol === "https:" || url.protocol === "http:");
  return (
    <div data-testid="url-elicitation">
      <p className="mt-1 text-[13px] whitespace-pre-wrap text-zinc-700 dark:text-zinc-300" data-testid="input-message">
        {String(params.message ?? "")}
      </p>
      {openable ? (
        <p className="mt-3 text-[13px]">
          It asks you to open a page on <strong data-testid="url-elicitation-host">{url!.host}</strong>
          {url!.protocol === "http:" && <span className="text-amber-800 dark:text-amber-300"> (not encrypted: http)</span>}:
        </p>
      ) : (
        <p className="mt-3 text-[13px] text-rose-700 dark:text-rose-400" role="alert">
          Its address is not a web page Toolscope will open{url ? ` (${url.protocol})` : ""}. Decline or cancel.
        </p>
      )}
      <p className="mt-1 rounded-md bg-white px-2 py-1 font-mono text-[12px] break-all dark:bg-zinc-900" data-testid="url-elicitation-url">
        {String(params.url ?? "")}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        {openable && (
          <a
            href={url!.href}
            target="_blank"
            rel="noopener noreferrer"
            onClick={() => setOpened(true)}
            className={BUTTON_SECONDARY}
            data-testid="url-elicitation-open"
          >
            Open {url!.host}
            <span className="sr-only"> (in a new tab)</span>
          </a>
        )}
        <Button
          className={BUTTON_PRIMARY}
          isDisabled={sending || !openable}
          onPress={onAccept}
          data-testid="input-accept"
          title={opened ? undefined : "Tells the server you agree to go there; open the page too"}
        >
          {opened ? "Done" : "Accept"}
        </Button>
        {refuse}
      </div>
    </div>
  );
}
