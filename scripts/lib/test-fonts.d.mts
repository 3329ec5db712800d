/** Every family the test Chromium may draw with. */
export const PROJECT_FONT_FAMILIES: string[];
/** Writes .tmp/test-fonts when needed; the environment that points Chromium's fontconfig at the project's fonts alone. */
export function projectFontsEnv(): { FONTCONFIG_FILE: string };
