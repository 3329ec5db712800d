import { globalStyle, style } from "@vanilla-extract/css";
import { goldProgressRules, primaryButtonRules, textInputRules, visuallyHiddenRules } from "~/styles/recipes";
import { vars } from "~/styles/theme.css";

export const article = style({ maxWidth: vars.content.narrow, marginInline: "auto" });

export const eyebrow = style({ margin: 0, color: vars.color.brandStrong, fontSize: "0.9rem", letterSpacing: "0.08em", textTransform: "uppercase" });

export const title = style({ margin: `${vars.space.xs} 0 ${vars.space.sm}`, fontSize: "clamp(2rem, 4vw, 2.75rem)" });

export const lead = style({ margin: `0 0 ${vars.space.lg}`, fontSize: "1.2rem", color: vars.color.textMuted });

export const prose = style({ fontSize: "1.05rem" });

globalStyle(`${prose} h2`, { marginTop: vars.space.xl, fontSize: "1.6rem" });
globalStyle(`${prose} h3`, { marginTop: vars.space.lg, fontSize: "1.25rem" });
globalStyle(`${prose} p, ${prose} li`, { color: vars.color.text });
globalStyle(`${prose} blockquote`, {
  margin: `${vars.space.lg} 0`,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  borderInlineStart: `4px solid ${vars.color.brand}`,
  background: vars.color.surface,
  borderRadius: vars.radius.sm,
});
globalStyle(`${prose} .table-scroll`, { overflowX: "auto", maxWidth: "100%" });
globalStyle(`${prose} table`, { width: "100%", borderCollapse: "collapse", margin: `${vars.space.md} 0` });
globalStyle(`${prose} th, ${prose} td`, { padding: vars.space.sm, borderBottom: `1px solid ${vars.color.border}`, textAlign: "left", verticalAlign: "top" });
globalStyle(`${prose} code`, { padding: "0.1em 0.35em", borderRadius: vars.radius.sm, background: vars.color.surfaceRaised, fontSize: "0.92em" });
globalStyle(`${prose} hr`, { border: 0, borderTop: `1px solid ${vars.color.border}`, margin: `${vars.space.xl} 0` });
globalStyle(`${prose} .visually-hidden`, visuallyHiddenRules);

export const cards = style({ listStyle: "none", margin: `${vars.space.lg} 0`, padding: 0, display: "grid", gap: vars.space.md });

export const card = style({
  display: "block",
  padding: vars.space.lg,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  color: vars.color.text,
  textDecoration: "none",
  selectors: { "&:hover": { borderColor: vars.color.brand, color: vars.color.text } },
});

/** A card in a grid of cards: its name on a line of its own, every card of a row as tall as the tallest. */
export const tile = style([card, { display: "flex", flexDirection: "column", gap: vars.space.xs, height: "100%", padding: vars.space.md }]);
export const tileTitle = style({ display: "block", fontSize: "1.15rem", fontWeight: 700, color: vars.color.brandStrong });

export const cardTitle = style({ margin: `0 0 ${vars.space.xs}`, fontSize: "1.3rem", color: vars.color.brandStrong });

export const cardText = style({ margin: 0, color: vars.color.textMuted });

export const meta = style({ margin: `0 0 ${vars.space.xs}`, color: vars.color.textMuted, fontSize: "0.9rem" });

export const panel = style({
  margin: `${vars.space.xl} 0`,
  padding: vars.space.lg,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
});

export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, marginTop: vars.space.md });

export const button = style(primaryButtonRules);

export const secondaryButton = style([
  button,
  { background: "transparent", border: `1px solid ${vars.color.brand}`, color: vars.color.brandStrong, selectors: { "&:hover": { background: vars.color.surfaceRaised, color: vars.color.text } } },
]);

export const stats = style({ display: "grid", gridTemplateColumns: "repeat(auto-fit, minmax(11rem, 1fr))", gap: vars.space.md, margin: `${vars.space.lg} 0`, padding: 0, listStyle: "none" });

export const stat = style({ padding: vars.space.md, borderRadius: vars.radius.md, background: vars.color.surfaceRaised, textAlign: "center" });

export const statValue = style({ display: "block", fontSize: "1.8rem", fontWeight: 700, color: vars.color.gold, fontFamily: vars.font.display });

export const statLabel = style({ display: "block", color: vars.color.textMuted, fontSize: "0.95rem" });

export const progress = style(goldProgressRules);

export const form = style({ display: "grid", gap: vars.space.md });

export const field = style({ display: "grid", gap: vars.space.xs });

export const label = style({ fontWeight: 600 });

export const input = style(textInputRules);

export const hint = style({ margin: 0, color: vars.color.textMuted, fontSize: "0.9rem" });

export const error = style({ margin: 0, color: vars.color.danger });

export const success = style({ margin: 0, padding: vars.space.md, borderRadius: vars.radius.md, background: vars.color.surfaceRaised, color: vars.color.success });


/** Above a text not yet translated into the page's language. */
export const languageNote = style({
  maxWidth: vars.content.narrow,
  marginInline: "auto",
  marginBlockEnd: vars.space.md,
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.textMuted,
});
