import { NextResponse } from "next/server";
import { errorBody } from "@/lib/errors";
import { callerOf } from "@/lib/http/caller";
import { exportCollection } from "@/lib/saved/transfer";

export const dynamic = "force-dynamic";

/** The collection file, offered as a download (`?download=0` shows it inline). */
export async function GET(request: Request, { params }: { params: Promise<{ collectionId: string }> }): Promise<Response> {
  const { collectionId } = await params;
  try {
    const file = await exportCollection(collectionId, callerOf(request));
    const name = file.name.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^-+|-+$/g, "") || "collection";
    const inline = new URL(request.url).searchParams.get("download") === "0";
    return NextResponse.json(file, {
      headers: inline ? {} : { "content-disposition": `attachment; filename="${name}.toolscope.json"` },
    });
  } catch (error) {
    const { status, body, headers } = errorBody(error);
    return NextResponse.json(body, { status, headers });
  }
}
