import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { pageCaller } from "@/lib/http/page-caller";
import { listServerSnapshots } from "@/lib/mcp/servers";

export const dynamic = "force-dynamic";

export default async function Home(): Promise<ReactNode> {
  const [first] = await listServerSnapshots(await pageCaller());
  if (first) redirect(`/servers/${encodeURIComponent(first.id)}`);
  return (
    <div className="mx-auto max-w-md py-24 text-center">
      <h1 className="text-lg font-semibold">No MCP servers are configured</h1>
      <p className="mt-2 text-sm text-zinc-500">
        The bundled demo server is switched off (<code className="font-mono">TOOLSCOPE_DEMO_SERVER=off</code>). Unset it to explore the
        demo.
      </p>
    </div>
  );
}
