import { defineConfig } from "drizzle-kit";

// drizzle-kit only writes SQL here; wrangler applies it (`wrangler d1 migrations apply`).
export default defineConfig({
  dialect: "sqlite",
  schema: "./app/server/db/schema.ts",
  out: "./migrations",
  migrations: { prefix: "index" },
});
