import { useId } from "react";
import { visuallyHidden } from "~/styles/layout.css";
import { HISTOGRAM_GEOMETRY as G, histogramLayout, sortedOutcomes } from "./histogram";
import * as styles from "./result.css";
import { useI18n } from "~/i18n/i18n";


/**
 * How often each outcome was measured: a bar per outcome, most frequent first, the chosen bit string in gold.
 * Screen readers get the same numbers as a table.
 */
export function CountsHistogram({ counts, chosen, shots }: { counts: Record<string, number>; chosen: string | null; shots: number }) {
  const { t } = useI18n();
  const id = useId();
  const layout = histogramLayout(t, counts, chosen);
  const outcomes = sortedOutcomes(counts);
  const top = outcomes[0];
  const axisY = layout.plot.y + layout.plot.height;
  const description = top
    ? [
        t("{count, plural, one {# different outcome was measured.} other {# different outcomes were measured.}}", { count: outcomes.length }),
        chosen
          ? t("The most frequent, {bits}, came up in {count} of {shots} shots; the chosen bit string {chosen} is highlighted.", {
              bits: top.bitstring,
              count: top.count,
              shots,
              chosen,
            })
          : t("The most frequent, {bits}, came up in {count} of {shots} shots.", { bits: top.bitstring, count: top.count, shots }),
        t("Every count is listed in the table that follows."),
      ].join(" ")
    : t("No outcomes were recorded.");

  return (
    <>
      <svg
        className={styles.histogramSvg}
        viewBox={`0 0 ${layout.width} ${layout.height}`}
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
      >
        <title id={`${id}-title`}>{t("Measured outcomes over {shots} shots", { shots })}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        {layout.ticks.map((tick) => (
          <g key={tick.value}>
            <line className={styles.gridLine} x1={tick.x} x2={tick.x} y1={layout.plot.y} y2={axisY} />
            <text className={styles.axisText} x={tick.x} y={axisY + 16} textAnchor="middle" direction="ltr">
              {tick.value}
            </text>
          </g>
        ))}
        <line className={styles.axis} x1={layout.plot.x} x2={layout.plot.x + layout.plot.width} y1={axisY} y2={axisY} />
        <line className={styles.axis} x1={layout.plot.x} x2={layout.plot.x} y1={layout.plot.y} y2={axisY} />
        {layout.bars.map((bar) => (
          <g key={bar.key}>
            {/* The drawing runs left to right in every language: its labels are anchored by coordinates, not by the page's direction. */}
            <text className={styles.barLabel} x={bar.x - 8} y={bar.y + bar.height / 2} textAnchor="end" dominantBaseline="central" direction="ltr">
              {bar.label}
            </text>
            <rect
              className={bar.highlighted ? styles.barChosen : bar.other ? styles.barOther : styles.bar}
              x={bar.x}
              y={bar.y}
              width={Math.max(bar.width, 1)}
              height={bar.height}
              rx={3}
            />
            <text className={styles.barCount} x={bar.x + bar.width + 6} y={bar.y + bar.height / 2} dominantBaseline="central" direction="ltr">
              {bar.count}
            </text>
          </g>
        ))}
        <text className={styles.axisTitle} x={layout.plot.x + layout.plot.width / 2} y={layout.height - 10} textAnchor="middle">
          {t("Shots (of {shots})", { shots })}
        </text>
        <text
          className={styles.axisTitle}
          transform={`translate(14 ${layout.plot.y + layout.plot.height / 2}) rotate(-90)`}
          textAnchor="middle"
          dominantBaseline="central"
        >
          {t("Outcome")}
        </text>
      </svg>
      {/* Hidden in a box, not on the table itself: a table is never narrower than its cells, and would widen a phone's page. */}
      <div className={visuallyHidden}>
        <table>
          <caption>{t("Measured counts for each outcome, over {shots} shots", { shots })}</caption>
          <thead>
            <tr>
              <th scope="col">{t("Outcome")}</th>
              <th scope="col">{t("Shots")}</th>
            </tr>
          </thead>
          <tbody>
            {outcomes.map((outcome) => (
              <tr key={outcome.bitstring}>
                <th scope="row">{outcome.bitstring === chosen ? t("{bits} (chosen)", { bits: outcome.bitstring }) : outcome.bitstring}</th>
                <td>{outcome.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {G.maxRows < outcomes.length ? (
        <p className={styles.caption}>
          {t("The {count} most frequent outcomes are drawn; the rest share the last bar.", { count: G.maxRows - 1 })}
        </p>
      ) : null}
    </>
  );
}
