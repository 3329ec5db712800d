import { z } from "zod";

// zod probes `new Function` to compile faster parsers; the site's CSP forbids eval, so the probe would only raise a
// violation report (and cost Lighthouse's best-practices score) in every browser that parses a schema. Every module
// that imports zod imports this one first (test/unit/domain/zod-config.test.ts).
z.config({ jitless: true });
