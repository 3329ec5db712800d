// `npm run check:production` / `check:staging`: the chosen environment's settings and the secrets the operator
// lists, checked offline before a deploy (scripts/lib/settings-check.ts). Exits 1 with one sentence per problem.
import { parseArgs } from "node:util";
import { checkSettings, settingsReport } from "./lib/settings-check";

const { values: args } = parseArgs({
  options: { env: { type: "string" }, config: { type: "string", default: "wrangler.toml" }, secrets: { type: "string" } },
});

const environment = args.env;
const report = settingsReport(environment, checkSettings(environment, args.config!, args.secrets ?? `.${environment}.vars`));
for (const line of report.stderr) console.error(line);
for (const line of report.stdout) console.log(line);
process.exit(report.code);
