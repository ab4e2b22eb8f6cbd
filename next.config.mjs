/** @type {import('next').NextConfig} */
const nextConfig = {
  // Native and protocol packages run as plain Node modules in the server process, where
  // the MCP connections live; bundling them would duplicate module state per route.
  serverExternalPackages: ["better-sqlite3", "pg", "kysely", "@modelcontextprotocol/client", "@modelcontextprotocol/core"],
  poweredByHeader: false,
  reactStrictMode: true,
  typedRoutes: false,
};

export default nextConfig;
