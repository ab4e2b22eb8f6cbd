import "server-only";
// Turns a route's work into a JSON response; every failure goes through the one error
// model, so status codes and messages are decided in lib/errors.ts and nowhere else.
import { NextResponse } from "next/server";
import { errorBody } from "@/lib/errors";

export async function respond<T>(work: () => Promise<T>, init?: ResponseInit): Promise<NextResponse> {
  try {
    return NextResponse.json(await work(), init);
  } catch (error) {
    const { status, body, headers } = errorBody(error);
    return NextResponse.json(body, { status, headers });
  }
}
