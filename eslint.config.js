import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * The layers (docs/architecture.md#what-may-import-what): each folder lists the imports it refuses. A folder matches
 * one entry only, because flat config replaces a rule's options rather than merging them: an entry for a folder inside
 * another one repeats the outer folder's refusals and the outer entry ignores it.
 */
const refuse = (regex, message) => ({ regex, message });
const SERVER = [
  refuse("^(~/|(\\.\\./)+)routes(/|$)", "app/server never imports a route: routes call the server, not the other way round."),
  refuse("^(~/|(\\.\\./)+)components(/|$)", "app/server never imports a component: move the pure rule or type to app/domain."),
];
const PLUMBING = ["app/server/edge/**/*.{ts,tsx}", "app/server/db/**/*.{ts,tsx}"];
const LAYERS = [
  {
    files: ["app/domain/**/*.{ts,tsx}"],
    patterns: [
      refuse("^~/(?!domain/)", "app/domain holds pure rules: it imports only app/domain and packages, never server, routes, components or workers."),
      refuse("^\\.\\./", "app/domain holds pure rules: it imports only app/domain and packages, never server, routes, components or workers."),
    ],
  },
  {
    files: ["app/components/**/*.{ts,tsx}", "app/hooks/**/*.{ts,tsx}", "app/realtime/**/*.{ts,tsx}"],
    patterns: [
      refuse("^(~/|(\\.\\./)+)server(/|$)|\\.server$", "Components run in the browser too: they never import app/server or a .server module. Move the type or rule to app/domain."),
      refuse("^(~/|(\\.\\./)+)routes(/|$)", "Components never import a route: move the shared type to app/domain."),
      refuse("^(\\.\\./)+workers(/|$)", "Components never import workers/: they reach the Worker over HTTP or the socket."),
    ],
  },
  {
    files: ["app/server/**/*.{ts,tsx}"],
    ignores: PLUMBING,
    patterns: SERVER,
  },
  {
    // A module of edge/ or db/ sits one folder below app/server: "../x/" is a sibling folder of app/server, "../../" is app/.
    files: PLUMBING,
    patterns: [
      ...SERVER,
      refuse(
        "^~/server/(?!edge/|db/)|^\\.\\./(?!edge/|db/|\\.\\./)",
        "app/server/edge and app/server/db are the plumbing every feature stands on: they never import a feature folder (wishes/, rings/, admin/, …). Pass the value in, or let the route call the feature.",
      ),
    ],
  },
  {
    files: ["workers/**/*.ts"],
    patterns: [
      refuse("^(~/|(\\.\\./)+app/)(routes|components|hooks|realtime)(/|$)", "workers/ never imports a route or a component: it uses app/server and app/domain."),
    ],
  },
];

export default tseslint.config(
  { ignores: ["build/", "bench/fixtures/*/build/", "node_modules/", "**/.wrangler/", ".tmp/", "worker-configuration.d.ts", "public/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  ...LAYERS.map(({ files, ignores, patterns }) => ({ files, ...(ignores && { ignores }), rules: { "no-restricted-imports": ["error", { patterns }] } })),
  {
    files: ["scripts/**/*.{js,mjs,ts}", "bench/**/*.{js,mjs,ts}", "*.config.{js,ts}", "test/e2e/**/*.ts", "test/bundle/support/*.mjs"],
    languageOptions: { globals: { ...globals.node } },
  },
);
