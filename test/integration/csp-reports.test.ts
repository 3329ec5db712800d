import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { CSP_REPORTS_PER_NETWORK_PER_HOUR } from "~/server/edge/csp-reports.server";
import { browserFetch, freshIp, ORIGIN, signIn } from "../support/api";

// Issue 21.9: the pages' CSP names a report endpoint; what browsers send there is stored, reduced and shown in /admin.

function report(body: unknown, ip = freshIp(), type = "application/reports+json") {
  return exports.default.fetch(new Request(`${ORIGIN}/api/csp-report`, { method: "POST", headers: { "Content-Type": type, "CF-Connecting-IP": ip }, body: JSON.stringify(body) }));
}

const violation = (blockedURL: string, documentURL = `${ORIGIN}/about?email=someone@example.org`) => ({
  type: "csp-violation",
  url: documentURL,
  body: { documentURL, effectiveDirective: "img-src", blockedURL, disposition: "enforce" },
});

async function rowsFor(blocked: string) {
  const { results } = await env.DB.prepare("SELECT * FROM csp_reports WHERE blocked = ?").bind(blocked).all<Record<string, unknown>>();
  return results;
}

describe("POST /api/csp-report", () => {
  it("stores a Reporting API batch and a report-uri report, without query strings, and answers 204", async () => {
    const host = `https://pixel-${crypto.randomUUID().slice(0, 8)}.example`;
    const batch = await report([violation(`${host}/a.gif?email=someone@example.org`), { type: "deprecation", body: {} }]);
    expect(batch.status).toBe(204);
    const legacy = await report({ "csp-report": { "document-uri": `${ORIGIN}/faq?q=1`, "violated-directive": "img-src 'self'", "blocked-uri": `${host}/b.png` } }, freshIp(), "application/csp-report");
    expect(legacy.status).toBe(204);
    const rows = await rowsFor(host);
    expect(rows.map((row) => [row.directive, row.document_path])).toEqual([
      ["img-src", "/about"],
      ["img-src", "/faq"],
    ]);
    expect(JSON.stringify(rows)).not.toContain("someone@example.org");
  });

  it("takes a report whose Origin is opaque (null) or another site's, as browsers upload them", async () => {
    for (const origin of ["null", "https://elsewhere.example"]) {
      const response = await exports.default.fetch(
        new Request(`${ORIGIN}/api/csp-report`, { method: "POST", headers: { "Content-Type": "application/reports+json", Origin: origin }, body: "[]" }),
      );
      expect(response.status, origin).toBe(204);
    }
  });

  it("answers a body that is not JSON with the API's 400, and stores nothing for one that is not a report", async () => {
    const bad = await exports.default.fetch(new Request(`${ORIGIN}/api/csp-report`, { method: "POST", headers: { "Content-Type": "application/csp-report" }, body: "{not json" }));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ success: false, code: "invalid_request" });
    expect((await report({ hello: "world" })).status).toBe(204);
  });

  it("keeps a network's hour to its quota, quietly", async () => {
    const ip = freshIp();
    const host = `https://flood-${crypto.randomUUID().slice(0, 8)}.example`;
    for (let i = 0; i <= CSP_REPORTS_PER_NETWORK_PER_HOUR; i += 1) expect((await report([violation(`${host}/x.gif`)], ip)).status).toBe(204);
    expect(await rowsFor(host)).toHaveLength(CSP_REPORTS_PER_NETWORK_PER_HOUR);
  });

  it("shows on the admin dashboard, grouped, with its count", async () => {
    const host = `https://shown-${crypto.randomUUID().slice(0, 8)}.example`;
    await report([violation(`${host}/1.gif`), violation(`${host}/2.gif`)]);
    const cookie = await signIn();
    const html = await (await browserFetch("/admin", { cookie })).text();
    expect(html).toContain("Blocked by the Content-Security-Policy");
    const row = new RegExp(`<th scope="row">img-src</th><td[^>]*>${host.replaceAll(".", "\\.")}</td><td[^>]*>/about</td><td>2</td>`);
    expect(html).toMatch(row);
  });
});

describe("forged reports (issue 31.11)", () => {
  it("one network's flood of made-up violations ranks below one that many networks' visitors met", async () => {
    const { recentCspReports } = await import("~/server/edge/csp-reports.server");
    const real = `https://real-${crypto.randomUUID().slice(0, 8)}.example/widget.js`;
    for (let i = 0; i < 4; i += 1) expect((await report([violation(real)])).status).toBe(204);
    const forger = freshIp();
    const forged = Array.from({ length: 55 }, (_, i) => violation(`https://forged-${i}-${crypto.randomUUID().slice(0, 6)}.example/x.gif`));
    for (let i = 0; i < 55; i += 5) await report(forged.slice(i, i + 5), forger);
    const groups = await recentCspReports(env);
    expect(groups[0]).toMatchObject({ blocked: new URL(real).origin, networks: 4 });
    expect(groups.filter((group) => group.blocked.includes("forged-")).every((group) => group.networks === 1)).toBe(true);
  });
});
