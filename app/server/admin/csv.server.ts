/**
 * RFC 4180 CSV: CRLF line ends, a field quoted when it holds a quote, comma or line break, quotes doubled. A cell
 * a spreadsheet would run as a formula (starting with = + - @, or a tab or carriage return that hides one) is
 * prefixed with an apostrophe, so opening an export never executes visitor-typed text.
 */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: string[], rows: (string | number | null | undefined)[][]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
