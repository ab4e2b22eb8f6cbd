// State that must be one per process. Toolscope's front door (server.ts) and each of Next's
// route bundles load their own copy of lib/, so a module-level variable would exist once per
// copy: connections, calls in flight and waiting input requests would split between them.
// Whatever must be shared is created here, once per process, under a name.
const REGISTRY = Symbol.for("toolscope.process-wide");

type Registry = Map<string, unknown>;

export function processWide<T>(name: string, create: () => T): T {
  const holder = globalThis as typeof globalThis & { [REGISTRY]?: Registry };
  const registry = (holder[REGISTRY] ??= new Map());
  if (!registry.has(name)) registry.set(name, create());
  return registry.get(name) as T;
}
