// Kysely builds and compiles every query anew: for the two small writes of each audited call that
// was about a third of their JavaScript cost (bench/README.md, issue 49). A query whose shape does
// not change between uses is compiled once, with a marker in place of each value, and later uses
// put their values where the markers were. Anything a marker did not become (a value Kysely wrote
// into the SQL, a value it changed) turns the template off for that shape: the query is then
// compiled every time, as before.
import type { CompiledQuery } from "kysely";

type Slots = Record<string, unknown>;

/** Where each parameter comes from: a slot's name, or a constant Kysely put there itself. */
type Template = { compiled: CompiledQuery; sources: Array<{ slot: string } | { constant: unknown }> } | "off";

const MARK = "\u0000toolscope-slot:";

/**
 * Compiles queries of one kind once per shape. `build` must make the same query for any values of
 * its slots (the shape is the key plus the slots' names); it is called with markers the first time.
 */
export class QueryTemplates {
  private readonly templates = new Map<string, Template>();

  compile<R>(kind: string, slots: Slots, build: (slots: Slots) => CompiledQuery<R>): CompiledQuery<R> {
    const names = Object.keys(slots);
    const key = `${kind}\u0000${names.join(",")}`;
    let template = this.templates.get(key);
    if (template === undefined) {
      template = makeTemplate(names, build);
      this.templates.set(key, template);
    }
    if (template === "off") return build(slots);
    const parameters = template.sources.map((source) => ("slot" in source ? slots[source.slot] : source.constant));
    // The same query node and id as the template: no plugin is installed that would key state on them.
    return { ...(template.compiled as CompiledQuery<R>), parameters };
  }
}

function makeTemplate(names: string[], build: (slots: Slots) => CompiledQuery): Template {
  const marked = build(Object.fromEntries(names.map((name) => [name, `${MARK}${name}`])));
  if (marked.sql.includes(MARK)) return "off";
  const seen = new Set<string>();
  const sources = marked.parameters.map((parameter) => {
    if (typeof parameter !== "string" || !parameter.startsWith(MARK)) return { constant: parameter };
    const slot = parameter.slice(MARK.length);
    seen.add(slot);
    return { slot };
  });
  // Every slot must have become a parameter as it was given: otherwise a value was transformed.
  if (seen.size !== names.length || names.some((name) => !seen.has(name))) return "off";
  return { compiled: marked, sources };
}
