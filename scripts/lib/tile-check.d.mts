export function tileServiceWarning(vars: Record<string, unknown>): string | null;
