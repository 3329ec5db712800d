import { applyD1Migrations, env } from "cloudflare:test";

// Runs before each test file; applyD1Migrations only applies what is missing, so this is cheap.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
