/** @type {import('next').NextConfig} */
const nextConfig = {
  // Native and protocol packages run as plain Node modules in the server process, where
  // the MCP connections live; bundling them would duplicate module state per route.
  serverExternalPackages: [
    "better-sqlite3",
    "pg",
    "kysely",
    "@modelcontextprotocol/client",
    "@modelcontextprotocol/core",
    "prom-client",
    "@opentelemetry/api",
  ],
  // Pin the project root, so a stray lockfile in a parent directory is never taken for it.
  outputFileTracingRoot: import.meta.dirname,
  turbopack: { root: import.meta.dirname },
  poweredByHeader: false,
  reactStrictMode: true,
  typedRoutes: false,
  // npm test runs tsc over the same sources beside the build (scripts/test.mjs): its typecheck
  // stage fails the run on a type error, and the build need not spend half a minute on it again.
  typescript: { ignoreBuildErrors: process.env.TOOLSCOPE_BUILD_TYPECHECKED === "1" },
};

export default nextConfig;
