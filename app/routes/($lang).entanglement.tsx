import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import * as styles from "~/components/map/entanglement.css";
import { LazyWorldMap } from "~/components/map/lazy-world-map";
import { useLiveMapCountries } from "~/components/map/use-map-countries";
import { RING_BATCH_SIZE } from "~/domain/limits";
import { sortMapCountries, type CountrySortKey, type MapCountry, type SortDirection } from "~/domain/map-country";
import { useHydrated } from "~/hooks/use-hydrated";
import { pageMeta, siteInfo } from "~/lib/meta";
import { mapCountries } from "~/server/geo/map.server";
import { container } from "~/styles/layout.css";
import { FlagImage } from "~/components/map/flag-image";
import { useI18n } from "~/i18n/i18n";
import { translatorOfMatches } from "~/i18n/i18n";
import { msg } from "~/domain/messages";
import { useFormats } from "~/i18n/format";
import { withCountryLabels } from "~/server/geo/country-names.server";
import { routeLocale } from "~/server/pages/content.server";

const TITLE = msg("Entanglement Worldwide");
const DESCRIPTION = msg(
  "A live world map of the wishes for peace joined by the Quantum Bell: every country that has sent a wish, how many, and how many have been entangled.",
);

export const meta: MetaFunction = ({ matches, location }) => {
  const t = translatorOfMatches(matches);
  return pageMeta(siteInfo(matches), { title: t(TITLE), description: t(DESCRIPTION), path: location.pathname });
};

export async function loader({ context, params }: LoaderFunctionArgs) {
  return { countries: withCountryLabels(await mapCountries(context.cloudflare.env), routeLocale(params)) };
}


interface Column {
  key: CountrySortKey;
  label: string;
  numeric: boolean;
  /** The direction a first press sorts in: names A to Z, counts largest first. */
  firstDirection: SortDirection;
}

const COLUMNS: readonly Column[] = [
  { key: "country", label: msg("Country"), numeric: false, firstDirection: "ascending" },
  { key: "wishCount", label: msg("Wishes"), numeric: true, firstDirection: "descending" },
  { key: "pendingWishCount", label: msg("Waiting for the bell"), numeric: true, firstDirection: "descending" },
];

const DEFAULT_SORT = { key: "wishCount", direction: "descending" } as const satisfies { key: CountrySortKey; direction: SortDirection };

function wallLink(country: MapCountry, home: string): string {
  return `${home}?${new URLSearchParams({ country: country.country })}#wish-wall-title`;
}

function CountryTable({ countries }: { countries: MapCountry[] }) {
  const { t, path } = useI18n();
  const { number } = useFormats();
  const hydrated = useHydrated();
  const [sort, setSort] = useState<{ key: CountrySortKey; direction: SortDirection }>(DEFAULT_SORT);
  const rows = sortMapCountries(countries, sort.key, sort.direction);
  const sortedColumn = COLUMNS.find((column) => column.key === sort.key) ?? COLUMNS[1];

  const sortBy = (column: Column) =>
    setSort((current) =>
      current.key === column.key
        ? { key: column.key, direction: current.direction === "ascending" ? "descending" : "ascending" }
        : { key: column.key, direction: column.firstDirection },
    );

  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption className={styles.caption}>
          {t("Wishes by country, sorted by {column}, {direction, select, ascending {ascending} other {descending}}.", {
            column: t(sortedColumn.label),
            direction: sort.direction,
          })}
          {hydrated && ` ${t("Use the column buttons to sort.")}`}
        </caption>
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <th
                key={column.key}
                scope="col"
                className={column.numeric ? styles.numericHeader : styles.headerCell}
                aria-sort={sort.key === column.key ? sort.direction : undefined}
              >
                {hydrated ? (
                  <button type="button" className={styles.sortButton} onClick={() => sortBy(column)}>
                    {t(column.label)}
                    <span aria-hidden="true">{sort.key === column.key ? (sort.direction === "ascending" ? "▲" : "▼") : "↕"}</span>
                  </button>
                ) : (
                  t(column.label)
                )}
              </th>
            ))}
            <th scope="col" className={styles.headerCell}>
              {t("Entangled")}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((country) => (
            <tr key={country.countryCode}>
              <th scope="row" className={styles.cell}>
                <span className={styles.flag}>
                  <FlagImage sources={country.flagImages} emoji={country.flag} />
                </span>
                <Link to={wallLink(country, path("/"))}>{country.label ?? country.country}</Link>
              </th>
              <td className={styles.numericCell}>{number(country.wishCount)}</td>
              <td className={styles.numericCell}>{number(country.pendingWishCount)}</td>
              <td className={styles.cell}>{country.hasEntangledWishes ? t("Yes") : t("Not yet")}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function Entanglement() {
  const { t, path } = useI18n();
  const { number } = useFormats();
  const data = useLoaderData<typeof loader>();
  const countries = useLiveMapCountries(data.countries);
  const totalWishes = countries.reduce((sum, country) => sum + country.wishCount, 0);

  return (
    <div className={`${container} ${styles.page}`}>
      <header className={styles.intro}>
        <h1 className={styles.title}>{t(TITLE)}</h1>
        <p className={styles.lead}>
          {t(
            "Every ring of the bell gathers up to {batch} waiting wishes into one quantum circuit and measures them together. In that moment they are entangled: one shared state that can no longer be described wish by wish, read out as a single result. This map shows where those wishes come from.",
            { batch: RING_BATCH_SIZE },
          )}
        </p>
        <ul className={styles.totals} aria-label={t("Totals")}>
          <li className={styles.total}>
            <span className={styles.totalValue}>{number(totalWishes)}</span>
            <span className={styles.totalLabel}>{t("{count, plural, one {wish with a known country} other {wishes with a known country}}", { count: totalWishes })}</span>
          </li>
          <li className={styles.total}>
            <span className={styles.totalValue}>{number(countries.length)}</span>
            <span className={styles.totalLabel}>{t("{count, plural, one {country connected} other {countries connected}}", { count: countries.length })}</span>
          </li>
        </ul>
      </header>

      <section aria-labelledby="entanglement-map-title">
        <h2 id="entanglement-map-title" className={styles.sectionTitle}>
          {t("The map")}
        </h2>
        <p className={styles.hint}>
          {t(
            "Each circle sits at the heart of a country and grows with its wishes. Select a circle or its count (or Tab to it and press Enter) to read the newest wishes from there. Neighbouring countries share one ringed circle with their total until you zoom in; select it to zoom.",
          )}
        </p>
        <ul className={styles.legend} aria-label={t("What the colours mean")}>
          <li className={styles.legendItem}>
            <span className={styles.swatch.new} aria-hidden="true" />
            {t("New wishes in the last few minutes")}
          </li>
          <li className={styles.legendItem}>
            <span className={styles.swatch.pending} aria-hidden="true" />
            {t("Wishes waiting for the bell")}
          </li>
          <li className={styles.legendItem}>
            <span className={styles.swatch.entangled} aria-hidden="true" />
            {t("Every wish entangled")}
          </li>
        </ul>
        <LazyWorldMap eager countries={countries} label={msg("World map of wishes by country")} />
      </section>

      <section aria-labelledby="entanglement-table-title">
        <h2 id="entanglement-table-title" className={styles.sectionTitle}>
          {t("Countries and their wishes")}
        </h2>
        {countries.length === 0 ? (
          <p className={styles.empty}>
            {t("No country has sent a wish yet.")} <Link to={`${path("/")}#wish-form`}>{t("Make the first wish")}</Link>{" "}
            {t("and put your country on the map.")}
          </p>
        ) : (
          <>
            <p className={styles.hint}>{t("The same figures as the map. Each country links to its wishes on the Wish Wall.")}</p>
            <CountryTable countries={countries} />
          </>
        )}
      </section>
    </div>
  );
}
