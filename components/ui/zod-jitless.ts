// Imported first by a client module whose libraries build zod schemas as they load (app-frame.tsx:
// the MCP Apps host SDK; the playground: the AI SDK). The SDK builds its zod schemas as
// its module loads, and zod asks then whether eval works. The page's CSP forbids eval, and the
// probe itself is reported as a violation, so zod must be told first not to try.
import { z } from "zod";

z.config({ jitless: true });
