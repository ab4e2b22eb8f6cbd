"use client";

// A server's skills page (SEP-2640): the skills skills/list gives, and the one picked: its name,
// description, files with their sizes and digests, what is wrong with its entry, its SKILL.md
// (read on request, verified, rendered as text: never as HTML) and a download for each file.
// Reading and downloading go to the server and are audited, so they are for those who may call.
import { useCallback, useState, type ReactNode } from "react";
import { ListBox, ListBoxItem } from "react-aria-components";
import { api } from "@/components/api/client";
import { useCan } from "@/components/auth/viewer";
import { Button } from "@/components/ui/button";
import { BUTTON_SECONDARY, PICK_LIST, PICK_ROW } from "@/components/ui/classes";
import { ErrorNote } from "@/components/ui/error-note";
import { Markdown } from "@/components/ui/markdown";
import { useApiData } from "@/components/ui/use-api-data";
import type { SkillFileRead, SkillView } from "@/lib/domain/skills";
import { FeaturePage } from "./feature-page";

function bytes(size: number | null): string {
  if (size === null) return "size unknown";
  if (size < 1024) return `${size} B`;
  return size < 1024 * 1024 ? `${(size / 1024).toFixed(1)} KB` : `${(size / 1024 / 1024).toFixed(1)} MB`;
}

/** SKILL.md split into its frontmatter (shown as written) and its body (rendered). */
function splitSkillMd(text: string): { frontmatter: string | null; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(text);
  return match ? { frontmatter: match[1]!, body: text.slice(match[0].length) } : { frontmatter: null, body: text };
}

function downloadHref(serverId: string, skill: string, uri: string): string {
  const query = new URLSearchParams({ skill, uri });
  return `/api/servers/${encodeURIComponent(serverId)}/skills/download?${query}`;
}

function SkillMd({ read }: { read: SkillFileRead }): ReactNode {
  if (read.text === null) return <p className="text-[13px] text-muted">SKILL.md is not UTF-8 text; download it instead.</p>;
  const { frontmatter, body } = splitSkillMd(read.text);
  return (
    <div className="space-y-3" data-testid="skill-md">
      {frontmatter !== null && (
        <pre
          aria-label="Frontmatter"
          className="overflow-x-auto rounded-md bg-zinc-50 p-3 font-mono text-xs whitespace-pre-wrap dark:bg-zinc-900"
        >
          {frontmatter}
        </pre>
      )}
      <Markdown source={body} className="text-[13px]" />
    </div>
  );
}

function SkillFiles({ serverId, skill, mayCall }: { serverId: string; skill: SkillView; mayCall: boolean }): ReactNode {
  if (skill.files === "dynamic")
    return (
      <p className="text-[13px] text-muted">
        The server lists no files ahead for this skill (&quot;dynamic&quot;), so none can be verified.
      </p>
    );
  return (
    <ul className="divide-y divide-zinc-100 rounded-lg border border-zinc-200 dark:divide-zinc-900 dark:border-zinc-800" aria-label="Files">
      {skill.files.map((file) => (
        <li key={file.uri} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 px-3 py-2 text-[13px]" data-testid="skill-file">
          <span className="font-mono break-all">{file.path}</span>
          <span className="text-xs text-muted">{bytes(file.size)}</span>
          {file.digest && (
            <span className="font-mono text-xs text-muted" title={file.digest}>
              {file.digest.slice(0, 19)}…
            </span>
          )}
          {mayCall && (
            <a
              className="ml-auto text-xs text-indigo-600 hover:underline focus-visible:ring-2 focus-visible:ring-indigo-500/40 focus-visible:outline-none dark:text-indigo-400"
              href={downloadHref(serverId, skill.uri, file.uri)}
              download
              aria-label={`Download ${file.path}`}
            >
              Download
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}

function SkillPanel({ serverId, skill }: { serverId: string; skill: SkillView }): ReactNode {
  const mayCall = useCan("tools:call");
  const [read, setRead] = useState<SkillFileRead | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const readSkillMd = async (): Promise<void> => {
    setReading(true);
    setError(null);
    try {
      setRead(await api("POST /api/servers/:serverId/skills/read", { params: { serverId }, body: { skill: skill.uri, uri: skill.uri } }));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setReading(false);
    }
  };
  return (
    <div className="space-y-4">
      <div>
        <h2 className="font-mono text-sm font-semibold">{skill.name}</h2>
        {skill.description && <p className="mt-1 text-[13px]">{skill.description}</p>}
        <p className="mt-1 text-xs text-muted" data-testid="skill-facts">
          {skill.files === "dynamic" ? "files listed on demand" : `${skill.files.length} files`} · {bytes(skill.size)}
          {skill.digest && (
            <>
              {" "}
              · SKILL.md <span className="font-mono break-all">{skill.digest}</span>
            </>
          )}
        </p>
      </div>
      {skill.problems.length > 0 && (
        <div
          className="rounded-md border border-amber-300 bg-amber-50 p-3 text-[13px] text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-200"
          data-testid="skill-problems"
        >
          <p className="font-medium">This entry is malformed (report card rule spec/skill-entry):</p>
          <ul className="mt-1 list-disc pl-5">
            {skill.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      )}
      <SkillFiles serverId={serverId} skill={skill} mayCall={mayCall} />
      {mayCall && !read && (
        <Button className={BUTTON_SECONDARY} isDisabled={reading} onPress={() => void readSkillMd()}>
          {reading ? "Reading SKILL.md…" : "Read SKILL.md"}
        </Button>
      )}
      <p role="status" className="sr-only">
        {reading ? "Reading SKILL.md…" : read ? "SKILL.md read and verified" : ""}
      </p>
      <ErrorNote message={error} />
      {read && (
        <section aria-label="SKILL.md" className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
          <p className="mb-3 text-xs text-muted">
            Verified against the entry: {bytes(read.size)}, digest and frontmatter match. Read as a resource, recorded in the audit log.
          </p>
          <SkillMd read={read} />
        </section>
      )}
    </div>
  );
}

export function SkillsView({ serverId }: { serverId: string }): ReactNode {
  const load = useCallback(() => api("GET /api/servers/:serverId/skills", { params: { serverId } }), [serverId]);
  const { data, error, act } = useApiData(load);
  const [picked, setPicked] = useState<string | null>(null);
  const skill = data?.skills.find((s) => s.uri === picked) ?? data?.skills[0];
  return (
    <FeaturePage part="skills" title="Skills" listing={data} error={error} onRefresh={() => void act(async () => undefined)}>
      {(listing) => (
        <div className="grid gap-x-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <section className="mt-6" aria-label="Skills">
            <h2 className="text-sm font-semibold">
              Skills <span className="font-normal text-muted">({listing.skills.length})</span>
            </h2>
            <ListBox
              aria-label="Skills"
              selectionMode="single"
              disallowEmptySelection
              selectedKeys={skill ? [skill.uri] : []}
              onSelectionChange={(keys) => {
                const [key] = keys === "all" ? [] : [...keys];
                if (key !== undefined) setPicked(String(key));
              }}
              renderEmptyState={() => <p className="px-3 py-2.5 text-[13px] text-muted">None listed.</p>}
              className={PICK_LIST}
            >
              {listing.skills.map((s) => (
                <ListBoxItem key={s.uri} id={s.uri} textValue={s.name} data-testid="skill-row" className={PICK_ROW}>
                  <span className="block font-mono text-[13px] font-medium">
                    {s.name}
                    {s.problems.length > 0 && <span className="ml-2 font-sans text-xs text-amber-700 dark:text-amber-400">malformed</span>}
                  </span>
                  {s.description && <span className="mt-0.5 block text-xs text-muted">{s.description}</span>}
                </ListBoxItem>
              ))}
            </ListBox>
          </section>
          <section className="mt-6 min-w-0" aria-label="Skill" data-testid="skill-panel">
            {skill ? <SkillPanel key={skill.uri} serverId={serverId} skill={skill} /> : <p className="text-[13px] text-muted">No skill.</p>}
          </section>
        </div>
      )}
    </FeaturePage>
  );
}
