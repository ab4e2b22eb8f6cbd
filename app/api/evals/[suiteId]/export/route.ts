import { NextResponse } from "next/server";
import { errorBody } from "@/lib/errors";
import { exportSuite } from "@/lib/evals/eval-store";

export const dynamic = "force-dynamic";

/** The suite file, offered as a download (`?download=0` shows it inline). */
export async function GET(request: Request, { params }: { params: Promise<{ suiteId: string }> }): Promise<Response> {
  const { suiteId } = await params;
  try {
    const file = await exportSuite(suiteId);
    const name = file.name.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^-+|-+$/g, "") || "suite";
    const inline = new URL(request.url).searchParams.get("download") === "0";
    return NextResponse.json(file, { headers: inline ? {} : { "content-disposition": `attachment; filename="${name}.evals.json"` } });
  } catch (error) {
    const { status, body, headers } = errorBody(error);
    return NextResponse.json(body, { status, headers });
  }
}
