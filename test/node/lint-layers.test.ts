import { join, resolve } from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The layer rules of eslint.config.js (docs/architecture.md#what-may-import-what), run through the ESLint API on
// planted modules: the file paths place them in a layer, and nothing is written to the tree.
const root = resolve(import.meta.dirname, "../..");
const eslint = new ESLint({ cwd: root });

async function refusals(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, path) });
  return result.messages.filter((message) => message.ruleId === "no-restricted-imports").map((message) => message.message);
}

const PLANTED: [layer: string, path: string, code: string][] = [
  ["domain → server", "app/domain/planted.ts", 'import { database } from "~/server/db/client.server";\nexport const planted = database;\n'],
  ["domain → server, relative", "app/domain/planted.ts", 'import type { WishRow } from "../server/wishes/wishes.server";\nexport type Planted = WishRow;\n'],
  ["domain → route", "app/domain/planted.ts", 'import type { NewsletterActionData } from "~/routes/($lang).newsletter";\nexport type Planted = NewsletterActionData;\n'],
  ["domain → workers", "app/domain/planted.ts", 'import { BellRoom } from "../../workers/bell-room/bell-room";\nexport const planted = BellRoom;\n'],
  ["component → server", "app/components/bell/planted.tsx", 'import { ringsPage } from "~/server/rings/ring-view.server";\nexport const planted = ringsPage;\n'],
  ["component → server, type only", "app/components/admin/planted.tsx", 'import type { RingRow } from "../../server/rings/job-store.server";\nexport type Planted = RingRow;\n'],
  ["component → a .server module elsewhere", "app/components/nav/planted.tsx", 'import { CATALOGUES } from "~/i18n/catalogues.server";\nexport const planted = CATALOGUES;\n'],
  ["component → route", "app/components/nav/planted.tsx", 'import type { NewsletterActionData } from "~/routes/($lang).newsletter";\nexport type Planted = NewsletterActionData;\n'],
  ["hook → server", "app/hooks/planted.ts", 'import { database } from "~/server/db/client.server";\nexport const planted = database;\n'],
  ["server → route", "app/server/pages/planted.server.ts", 'import { loader } from "~/routes/($lang)._index";\nexport const planted = loader;\n'],
  ["server → component", "app/server/wishes/planted.server.ts", 'import { wallSearch } from "../../components/wall/pagination";\nexport const planted = wallSearch;\n'],
  ["the edge → route", "app/server/edge/planted.server.ts", 'import { loader } from "~/routes/($lang)._index";\nexport const planted = loader;\n'],
  ["the edge → component", "app/server/edge/planted.server.ts", 'import { wallSearch } from "../../components/wall/pagination";\nexport const planted = wallSearch;\n'],
  ["the edge → a feature folder", "app/server/edge/planted.server.ts", 'import { wishForSomeone } from "~/server/wishes/for-someone.server";\nexport const planted = wishForSomeone;\n'],
  ["the edge → a feature folder, relative", "app/server/edge/planted.server.ts", 'import { ringsAwaitingUsage } from "../rings/job-store.server";\nexport const planted = ringsAwaitingUsage;\n'],
  ["db → a feature folder", "app/server/db/planted.server.ts", 'import { SESSION_COOKIE } from "../admin/auth.server";\nexport const planted = SESSION_COOKIE;\n'],
  ["workers → route", "workers/planted.ts", 'import { loader } from "~/routes/($lang)._index";\nexport const planted = loader;\n'],
  ["workers → route, relative", "workers/quantum/planted.ts", 'import { action } from "../../app/routes/api.bell.ring";\nexport const planted = action;\n'],
  ["the BellRoom's folder → component", "workers/bell-room/planted.ts", 'import { wallSearch } from "../../app/components/wall/pagination";\nexport const planted = wallSearch;\n'],
  ["a server feature folder → route", "app/server/rings/planted.server.ts", 'import { loader } from "~/routes/($lang).bell.$id";\nexport const planted = loader;\n'],
];

describe("lint keeps the layers", () => {
  it.each(PLANTED)("refuses %s", { timeout: 60_000 }, async (_layer, path, code) => {
    expect(await refusals(path, code)).toHaveLength(1);
  });

  it("lets each layer import what it may", { timeout: 60_000 }, async () => {
    expect(await refusals("app/domain/planted.ts", 'import { RING_BATCH_SIZE } from "./limits";\nimport { z } from "zod";\nexport const planted = [RING_BATCH_SIZE, z];\n')).toEqual([]);
    expect(await refusals("app/components/bell/planted.tsx", 'import { RING_BATCH_SIZE } from "~/domain/limits";\nimport { renderToString } from "react-dom/server";\nexport const planted = [RING_BATCH_SIZE, renderToString];\n')).toEqual([]);
    expect(await refusals("app/server/wishes/planted.server.ts", 'import { RING_BATCH_SIZE } from "~/domain/limits";\nimport { database } from "../db/client.server";\nimport { settingsOf } from "../edge/settings.server";\nimport { getRingView } from "~/server/rings/ring-view.server";\nexport const planted = [RING_BATCH_SIZE, database, settingsOf, getRingView];\n')).toEqual([]);
    expect(await refusals("app/server/edge/planted.server.ts", 'import { CSP_REPORT_PATH } from "../../domain/csp-report";\nimport { translatorFor } from "~/i18n/catalogues.server";\nimport { log } from "./log.server";\nimport { database } from "../db/client.server";\nimport { settingsOf } from "~/server/edge/settings.server";\nexport const planted = [CSP_REPORT_PATH, translatorFor, log, database, settingsOf];\n')).toEqual([]);
    expect(await refusals("app/server/db/planted.server.ts", 'import { settingsOf } from "../edge/settings.server";\nimport { bellRings } from "./schema";\nexport const planted = [settingsOf, bellRings];\n')).toEqual([]);
    expect(await refusals("workers/planted.ts", 'import { ringById } from "~/server/rings/job-store.server";\nexport const planted = ringById;\n')).toEqual([]);
    expect(await refusals("workers/bell-room/planted.ts", 'import { claimRing } from "~/server/rings/claim.server";\nimport { ProviderError } from "../quantum";\nexport const planted = [claimRing, ProviderError];\n')).toEqual([]);
    expect(await refusals("app/server/rings/planted.server.ts", 'import { database } from "../db/client.server";\nimport { RING_BATCH_SIZE } from "~/domain/limits";\nexport const planted = [database, RING_BATCH_SIZE];\n')).toEqual([]);
  });
});
