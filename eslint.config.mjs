import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import { importX } from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";

// The rooms of lib/, lowest first (docs/architecture.md draws them): a room imports only from
// rooms before it, so no two import each other and each can be read, tested and changed with
// only what lies below it in mind. A room is a folder, or one file standing alone.
export const LAYERS = [
  "errors",
  "process-wide",
  "megabytes",
  "json-schema",
  "net",
  "telemetry",
  "metrics",
  "draining",
  "domain",
  "config",
  "http",
  "client",
  "demo-server",
  "crypto",
  "db",
  "cluster",
  "audit",
  "auth",
  "oauth",
  "models",
  "mcp",
  "policy",
  "apps",
  "health",
  "report",
  "pins",
  "approvals",
  "calls",
  "saved",
  "gateway",
  "playground",
  "evals",
  "check",
  "server",
  "retention",
  "startup",
];

const SINGLE_FILES = new Set(["errors", "process-wide", "megabytes", "draining", "health", "retention", "startup"]);
const roomPath = (room) => `./lib/${room}${SINGLE_FILES.has(room) ? ".ts" : ""}`;

const layering = LAYERS.map((room, index) => ({
  target: roomPath(room),
  from: LAYERS.slice(index + 1).map(roomPath),
  message: `lib/${room} sits below these rooms and may not import them (eslint.config.mjs LAYERS; docs/architecture.md).`,
}));

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [
      ".next/**",
      ".cache/**",
      "node_modules/**",
      "data/**",
      "test-results/**",
      "playwright-report/**",
      "next-env.d.ts",
      ".toolscope/**",
    ],
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" },
      ],
    },
  },
  {
    // No module may reach itself through its imports (type-only imports, gone once built, are
    // not counted): a circle makes load order decide behaviour and keeps rooms from being read
    // one at a time (docs/architecture.md). scripts/eslint-config.test.ts shows it failing. The
    // product's code only: the rule walks every import, and tests are leaves nothing imports.
    // import-x's rule, with the TypeScript resolver's own interface: about 3 s for the tree,
    // where eslint-plugin-import's took 75.
    files: ["lib/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "app/**/*.{ts,tsx}", "server.ts"],
    ignores: ["**/*.test.ts"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": importX.flatConfigs.typescript.settings["import-x/extensions"],
      "import-x/parsers": importX.flatConfigs.typescript.settings["import-x/parsers"],
      "import-x/resolver-next": [createTypeScriptImportResolver()],
    },
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
  {
    // What the browser may run of lib/: the vocabulary (lib/domain, pure) and the browser's
    // fetch helpers (lib/client). Types may come from anywhere, since they are gone once built;
    // a value from another room would put server code (or a secret) in the browser bundle.
    // Tests and their helpers under testing/ run in Node and may reach further.
    files: ["components/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts", "**/*.test.tsx", "components/**/testing/**", "components/api/client.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "@/lib/client/fetch-json",
              importNames: ["fetchJson"],
              message:
                'Call the API through components/api/client.ts\'s api("METHOD /route"): its answers are typed by the route handlers.',
            },
          ],
          patterns: [
            {
              group: ["@/lib/*", "!@/lib/domain", "!@/lib/domain/*", "!@/lib/client", "!@/lib/client/*"],
              allowTypeImports: true,
              message:
                "components/ imports values only from lib/domain and lib/client, the browser-safe rooms (docs/architecture.md); use `import type` for a type.",
            },
          ],
        },
      ],
    },
  },
  {
    // Product code only: tests may reach any room (and test/ fixtures) to set a scene up.
    files: ["lib/**/*.ts", "lib/**/*.tsx"],
    ignores: ["**/*.test.ts"],
    rules: {
      "import/no-restricted-paths": [
        "error",
        {
          zones: [
            ...layering,
            {
              target: "./lib",
              from: ["./app", "./components", "./test", "./e2e"],
              message: "lib/ is the product's server side: it imports no page, component or test code.",
            },
          ],
        },
      ],
    },
  },
];

export default config;
