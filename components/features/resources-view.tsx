"use client";

// A server's resources page: its resources and resource templates, and what a read answered.
// A template is filled in a small form (one field a variable) and expanded by RFC 6570.
import { Button } from "@/components/ui/button";
import { useCallback, useEffect, useId, useState, type ReactNode } from "react";
import { api } from "@/components/api/client";
import type { Resource, ResourceTemplate } from "@/lib/domain/server-features";
import { useApiData } from "@/components/ui/use-api-data";
import { BUTTON_PRIMARY, BUTTON_SECONDARY } from "@/components/ui/classes";
import { CompletionInput } from "./completion-input";
import { FeaturePage } from "./feature-page";
import { ResourceReadPanel, type ReadTarget } from "./resource-read-panel";
import { expandTemplate, templateVariables } from "./uri-template";
import { useCompletions } from "./use-completions";
import { useCatalog } from "@/components/catalog/catalog-context";

function size(bytes: number | undefined): string | null {
  if (bytes === undefined) return null;
  return bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function ResourceRow({ resource, onRead, selected }: { resource: Resource; onRead: () => void; selected: boolean }): ReactNode {
  const details = [resource.mimeType, size(resource.size), resource.description].filter(Boolean).join(" · ");
  return (
    <li
      className={`flex items-start gap-3 border-b border-zinc-100 px-3 py-2.5 last:border-0 dark:border-zinc-900 ${selected ? "bg-indigo-50/60 dark:bg-indigo-950/30" : ""}`}
      data-testid="resource-row"
      data-uri={resource.uri}
    >
      <div className="min-w-0 flex-1">
        <div className="text-[13px] font-medium">{resource.title ?? resource.name}</div>
        <div className="mt-0.5 font-mono text-xs break-all text-muted">{resource.uri}</div>
        {details && <div className="mt-0.5 text-xs text-muted">{details}</div>}
      </div>
      <Button className={BUTTON_SECONDARY} onPress={onRead} aria-label={`Read ${resource.title ?? resource.name}`}>
        Read
      </Button>
    </li>
  );
}

function VariableField({
  serverId,
  template,
  name,
  values,
  onChange,
}: {
  serverId: string;
  template: ResourceTemplate;
  name: string;
  values: Record<string, string>;
  onChange: (value: string) => void;
}): ReactNode {
  const completes = Boolean(useCatalog().data?.server.capabilities?.completions);
  const [edited, setEdited] = useState(false);
  const value = values[name] ?? "";
  const suggestions = useCompletions(
    serverId,
    completes && edited,
    { type: "ref/resource", uri: template.uriTemplate },
    name,
    value,
    values,
  );
  const id = useId();
  return (
    <div className="min-w-[10rem] flex-1 text-xs">
      <label className="block font-medium" htmlFor={id} id={`${id}-label`}>
        {name}
      </label>
      <CompletionInput
        id={id}
        labelledBy={`${id}-label`}
        value={value}
        suggestions={suggestions}
        onChange={(text) => {
          setEdited(true);
          onChange(text);
        }}
      />
    </div>
  );
}

function TemplateForm({
  serverId,
  template,
  onRead,
}: {
  serverId: string;
  template: ResourceTemplate;
  onRead: (uri: string) => void;
}): ReactNode {
  const variables = templateVariables(template.uriTemplate);
  const [values, setValues] = useState<Record<string, string>>({});
  const uri = expandTemplate(template.uriTemplate, values);
  return (
    <li
      className="border-b border-zinc-100 px-3 py-3 last:border-0 dark:border-zinc-900"
      data-testid="template-row"
      data-template={template.uriTemplate}
    >
      <div className="text-[13px] font-medium">{template.title ?? template.name}</div>
      <div className="mt-0.5 font-mono text-xs break-all text-muted">{template.uriTemplate}</div>
      {template.description && <div className="mt-0.5 text-xs text-muted">{template.description}</div>}
      <form
        className="mt-2 flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          onRead(uri);
        }}
      >
        {variables.map((name) => (
          <VariableField
            key={name}
            serverId={serverId}
            template={template}
            name={name}
            values={values}
            onChange={(value) => setValues((current) => ({ ...current, [name]: value }))}
          />
        ))}
        <Button
          type="submit"
          className={BUTTON_PRIMARY}
          isDisabled={variables.some((name) => !values[name])}
          aria-label={`Read ${template.title ?? template.name}`}
        >
          Read
        </Button>
      </form>
      {variables.length > 0 && (
        <div className="mt-1.5 font-mono text-xs break-all text-muted" data-testid="template-uri">
          {uri}
        </div>
      )}
    </li>
  );
}

function List({ title, count, children }: { title: string; count: number; children: ReactNode }): ReactNode {
  return (
    <section className="mt-6" aria-label={title}>
      <h2 className="text-sm font-semibold">
        {title} <span className="font-normal text-muted">({count})</span>
      </h2>
      <ul className="mt-2 rounded-lg border border-zinc-200 dark:border-zinc-800">{children}</ul>
    </section>
  );
}

export function ResourcesView({ serverId }: { serverId: string }): ReactNode {
  const load = useCallback(() => api("GET /api/servers/:serverId/resources", { params: { serverId } }), [serverId]);
  const { data, error, act } = useApiData(load);
  const changed = useCatalog().listChanges.resources;
  useEffect(() => {
    // The server said the list changed: ask for it again.
    if (changed.count) void act(async () => undefined);
  }, [changed.count, act]);
  const [target, setTarget] = useState<ReadTarget | null>(null);
  const readUri = (uri: string): void => setTarget((current) => ({ uri, nonce: (current?.nonce ?? 0) + 1 }));

  return (
    <FeaturePage
      part="resources"
      title="Resources"
      listing={data}
      error={error}
      onRefresh={() => void act(async () => undefined)}
      changedAt={changed.at}
    >
      {(data) => (
        <div className="grid gap-x-8 lg:grid-cols-2">
          <div>
            <List title="Resources" count={data.resources.length}>
              {data.resources.length === 0 && <li className="px-3 py-2.5 text-[13px] text-muted">None listed.</li>}
              {data.resources.map((resource) => (
                <ResourceRow
                  key={resource.uri}
                  resource={resource}
                  selected={target?.uri === resource.uri}
                  onRead={() => readUri(resource.uri)}
                />
              ))}
            </List>
            {data.templates.length > 0 && (
              <List title="Templates" count={data.templates.length}>
                {data.templates.map((template) => (
                  <TemplateForm key={template.uriTemplate} serverId={serverId} template={template} onRead={readUri} />
                ))}
              </List>
            )}
          </div>
          <ResourceReadPanel key={target?.uri ?? ""} serverId={serverId} target={target} />
        </div>
      )}
    </FeaturePage>
  );
}
