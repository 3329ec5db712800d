import { config } from "zod/mini";

// zod probes `new Function` to compile faster parsers; the site's CSP forbids eval, so the probe would only raise a
// violation report (and cost Lighthouse's best-practices score) in every browser that parses a schema. Every module
// that imports zod imports this one first (test/unit/domain/zod-config.test.ts). The setting lives in zod's core,
// which zod and zod/mini share; it is set through zod/mini so that the browser's parsers of what it receives, written
// with zod/mini, do not load zod's full runtime with it (ADR 0123).
config({ jitless: true });
