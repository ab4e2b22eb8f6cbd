import "server-only";
// For pages: a 404 from lib/ becomes null (the page then calls notFound()); anything else is
// still thrown, so a database failure is not shown as "not found".
import { AppError } from "@/lib/errors";

export function unlessNotFound(error: unknown): null {
  if (error instanceof AppError && error.status === 404) return null;
  throw error;
}
