/**
 * The path browsers send Content-Security-Policy violation reports to (`report-uri`, `report-to csp`). Apart from the
 * other declarations, with no imports: vite.config.ts reads the security headers that name it before the `~` alias
 * exists.
 */
export const CSP_REPORT_PATH = "/api/csp-report";
