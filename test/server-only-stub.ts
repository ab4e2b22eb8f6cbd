// Stands in for the "server-only" package under Vitest, where there is no Next.js server build.
export {};
