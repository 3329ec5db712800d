// `npm run check:production`: warnings about a configuration before it is deployed. It reads the variables the
// deploy will have, from the environment it runs in (CI exports the secrets it sets with `wrangler secret put`) and
// from wrangler.toml's [vars]. It warns and exits 0; `--strict` exits 1 on any warning.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { adminProtectionWarnings } from "../app/domain/admin";

const root = fileURLToPath(new URL("..", import.meta.url));

/** The [vars] of wrangler.toml: `KEY = "value"` lines of that table only. */
function tomlVars(): Record<string, string> {
  const vars: Record<string, string> = {};
  let inVars = false;
  for (const line of readFileSync(`${root}wrangler.toml`, "utf8").split("\n")) {
    const table = /^\s*\[([^\]]+)\]/.exec(line);
    if (table) inVars = table[1]!.trim() === "vars";
    const pair = inVars ? /^\s*([A-Z0-9_]+)\s*=\s*"([^"]*)"/.exec(line) : null;
    if (pair) vars[pair[1]!] = pair[2]!;
  }
  return vars;
}

const vars = { ...tomlVars(), ...process.env };
const warnings = adminProtectionWarnings({
  accessTeamDomain: vars.CF_ACCESS_TEAM_DOMAIN,
  accessAud: vars.CF_ACCESS_AUD,
  adminPassword: vars.ADMIN_PASSWORD,
});
for (const warning of warnings) console.warn(`warning: ${warning}`);
if (warnings.length === 0) console.log("check:production: /admin is protected.");
if (warnings.length > 0 && process.argv.includes("--strict")) process.exit(1);
