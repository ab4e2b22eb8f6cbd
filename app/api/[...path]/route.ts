// Any /api path no route answers: a JSON error in the one error model, not Next's HTML page.
import { AppError } from "@/lib/errors";
import { respond } from "@/lib/http/respond";

export const dynamic = "force-dynamic";

const notFound = (): Promise<Response> => respond(() => Promise.reject(new AppError("not_found:route")));

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
