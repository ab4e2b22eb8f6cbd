// A resource template's variables and its expansion (RFC 6570, through url-template). The
// library expands but does not list a template's variables, so they are read here from its
// expressions: `{city}`, `{+path}`, `{?q,lang}`, `{list*}`, `{name:3}` name city, path, q,
// lang, list and name.
import { parseTemplate } from "url-template";

export function templateVariables(template: string): string[] {
  const names: string[] = [];
  for (const [, expression] of template.matchAll(/\{([^}]*)\}/g)) {
    for (const spec of expression!.replace(/^[+#./;?&=,!@|]/, "").split(",")) {
      const name = spec.replace(/\*$/, "").replace(/:\d+$/, "").trim();
      if (name && !names.includes(name)) names.push(name);
    }
  }
  return names;
}

/** The URI for these values; a variable left empty is left out, as RFC 6570 says of undefined ones. */
export function expandTemplate(template: string, values: Record<string, string>): string {
  const given = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ""));
  return parseTemplate(template).expand(given);
}
