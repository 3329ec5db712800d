import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", "bench/fixtures/*/build/", "node_modules/", ".wrangler/", ".tmp/", "worker-configuration.d.ts", "public/"] },
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
  {
    files: ["scripts/**/*.{js,mjs,ts}", "bench/**/*.{js,mjs,ts}", "*.config.{js,ts}", "test/e2e/**/*.ts"],
    languageOptions: { globals: { ...globals.node } },
  },
);
