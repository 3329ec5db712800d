export function tileServiceWarning(vars: Record<string, unknown>): string | null;
export function privacySettingsWarnings(vars: Record<string, unknown>): string[];
