import type { D1Migration } from "@cloudflare/vitest-plugin";

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
      /** The fake IBM service of the IBM lane (vitest.ibm.config.ts). */
      IBM_FAKE_URL?: string;
    }
  }
}
