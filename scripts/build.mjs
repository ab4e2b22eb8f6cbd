// `npm run build`: the production build, always: Next's (.next) and the front door's bundle
// (.toolscope/server.mjs), which `npm start`, the browser tests and the benches run.
import { ensureBuild } from "./lib/prepare.mjs";

process.exit(await ensureBuild({ force: true }));
