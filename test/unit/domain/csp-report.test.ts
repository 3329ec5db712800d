import { describe, expect, it } from "vitest";
import { CSP_REPORTS_PER_REQUEST, parseCspReports } from "../../../app/domain/csp-report";

describe("parseCspReports", () => {
  it("reads the Reporting API's batch, keeping origins and paths and dropping query strings", () => {
    const reports = parseCspReports([
      {
        type: "csp-violation",
        url: "https://bell.example/?theme=Peace&country=Chile",
        body: {
          documentURL: "https://bell.example/bell/01ABC?utm=mail#top",
          effectiveDirective: "img-src",
          blockedURL: "https://tracker.example/pixel.gif?email=someone@example.org",
          sourceFile: "https://bell.example/assets/entry.client-abc.js?v=1",
          disposition: "enforce",
        },
      },
      { type: "deprecation", body: { id: "x" } },
      { type: "csp-violation", body: { effectiveDirective: "script-src-elem", blockedURL: "inline", documentURL: "https://bell.example/" } },
    ]);
    expect(reports).toEqual([
      { directive: "img-src", blocked: "https://tracker.example", documentPath: "/bell/01ABC", source: "https://bell.example/assets/entry.client-abc.js", disposition: "enforce" },
      { directive: "script-src-elem", blocked: "inline", documentPath: "/", source: null, disposition: "enforce" },
    ]);
  });

  it("reads the older report-uri form", () => {
    expect(
      parseCspReports({
        "csp-report": { "document-uri": "http://localhost:5002/about?x=1", "violated-directive": "script-src 'self'", "blocked-uri": "eval", disposition: "report" },
      }),
    ).toEqual([{ directive: "script-src", blocked: "eval", documentPath: "/about", source: null, disposition: "report" }]);
  });

  it("skips what is not a report, and keeps at most a batch's worth", () => {
    expect(parseCspReports("hello")).toEqual([]);
    expect(parseCspReports({ "csp-report": "nope" })).toEqual([]);
    expect(parseCspReports(null)).toEqual([]);
    const many = Array.from({ length: 50 }, () => ({ type: "csp-violation", body: { effectiveDirective: "img-src", blockedURL: "data" } }));
    expect(parseCspReports(many)).toHaveLength(CSP_REPORTS_PER_REQUEST);
  });
});
