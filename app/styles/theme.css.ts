import { createGlobalTheme } from "@vanilla-extract/css";

/** Design tokens. Text/background pairs are chosen for WCAG AA contrast on the night-sky surfaces. */
export const vars = createGlobalTheme(":root", {
  color: {
    brand: "#64b5f6",
    brandStrong: "#90caf9",
    brandInk: "#0b1d33",
    background: "#0b1020",
    surface: "#141b2f",
    surfaceRaised: "#1c2540",
    border: "#2c3862",
    text: "#eef2fb",
    textMuted: "#b7c1dc",
    gold: "#ffd54f",
    heart: "#f48fb1",
    success: "#81c784",
    warning: "#ffb74d",
    danger: "#ef9a9a",
    dangerStrong: "#c62828",
    focus: "#ffd54f",
  },
  font: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    display: 'Georgia, "Times New Roman", serif',
  },
  space: { xs: "0.25rem", sm: "0.5rem", md: "1rem", lg: "1.5rem", xl: "2.5rem", xxl: "4rem" },
  radius: { sm: "6px", md: "12px", lg: "20px", pill: "999px" },
  shadow: { card: "0 10px 30px rgba(0, 0, 0, 0.35)" },
  content: { width: "72rem", narrow: "46rem" },
  motion: { fast: "150ms", normal: "300ms" },
});

export const breakpoints = {
  drawer: "screen and (max-width: 1200px)",
  footer: "screen and (max-width: 899px)",
  reducedMotion: "(prefers-reduced-motion: reduce)",
} as const;
