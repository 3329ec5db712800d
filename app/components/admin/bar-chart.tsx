import { useId } from "react";
import { visuallyHidden } from "~/styles/layout.css";
import * as styles from "./admin.css";

export interface BarDatum {
  label: string;
  value: number;
}

const WIDTH = 600;
const HEIGHT = 160;

/**
 * A small bar chart as inline SVG: the SVG is one labelled image (title and summary), and the same numbers sit in
 * a visually hidden table for screen readers, which cannot read values out of bar heights.
 */
export function BarChart({ title, data, unit }: { title: string; data: BarDatum[]; unit: string }) {
  const id = useId();
  const max = Math.max(1, ...data.map((d) => d.value));
  const total = data.reduce((sum, d) => sum + d.value, 0);
  const slot = WIDTH / Math.max(1, data.length);
  const first = data[0]?.label ?? "";
  const last = data.at(-1)?.label ?? "";
  const summary = `${total} ${unit} from ${first} to ${last}; the busiest day had ${Math.max(0, ...data.map((d) => d.value))}.`;
  return (
    <figure className={styles.figure}>
      <svg className={styles.chart} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${id}-title ${id}-desc`}>
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        {data.map((d, i) => {
          const height = (d.value / max) * (HEIGHT - 4);
          return (
            <rect key={d.label} className={styles.chartBar} x={i * slot + 1} y={HEIGHT - height} width={Math.max(1, slot - 2)} height={height} />
          );
        })}
        <line className={styles.chartAxis} x1={0} x2={WIDTH} y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} />
      </svg>
      <p className={styles.chartDates} aria-hidden="true">
        <span>{first}</span>
        <span>{last}</span>
      </p>
      <figcaption className={styles.muted}>{summary}</figcaption>
      {/* Hidden in a box, not on the table itself: a table is never narrower than its cells, and would widen the page. */}
      <div className={visuallyHidden}>
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">{unit}</th>
            </tr>
          </thead>
          <tbody>
            {data.map((d) => (
              <tr key={d.label}>
                <th scope="row">{d.label}</th>
                <td>{d.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
