import "server-only";
// Turns a route's work into a JSON response; every failure goes through the one error
// model, so status codes and messages are decided in lib/errors.ts and nowhere else.
import { NextResponse } from "next/server";
import { errorBody } from "@/lib/errors";

declare const answerType: unique symbol;

/**
 * A JSON response that carries its body's type, unseen at run time: a route handler's inferred
 * return type is its answer, which the browser's typed client (components/api/) reads, so the
 * two cannot disagree. Route handlers leave their return type to inference for this reason.
 */
export type JsonAnswer<T> = NextResponse & { readonly [answerType]?: T };

/** `init` may depend on the answer (201 when something was made, say). */
export async function respond<T>(work: () => Promise<T>, init?: ResponseInit | ((answer: T) => ResponseInit)): Promise<JsonAnswer<T>> {
  try {
    const answer = await work();
    return NextResponse.json(answer, typeof init === "function" ? init(answer) : init);
  } catch (error) {
    const { status, body, headers } = errorBody(error);
    return NextResponse.json(body, { status, headers });
  }
}
