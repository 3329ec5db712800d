/// <reference types="leaflet.markercluster" />
import "leaflet/dist/leaflet.css";
import "leaflet.markercluster/dist/MarkerCluster.css";
import type { FeatureCollection } from "geojson";
import {
  divIcon,
  type LatLngTuple,
  type LeafletEvent,
  type LeafletKeyboardEvent,
  type Marker as LeafletMarker,
  type MarkerCluster,
  type MarkerClusterGroup as LeafletClusterGroup,
  type PopupEvent,
} from "leaflet";
// After leaflet (it extends the global L): one finger scrolls the page, two move the map (docs/product.md#your-ring).
import "leaflet-gesture-handling";
import "leaflet-gesture-handling/dist/leaflet-gesture-handling.css";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { GeoJSON, MapContainer, Marker, Pane, Popup, TileLayer, useMap } from "react-leaflet";
import MarkerClusterGroup from "react-leaflet-cluster";
import { MAP } from "~/domain/limits";
import type { MapCountry } from "~/domain/map-country";
import { badgeText, clusterDiameter, MARKER_COLOURS, markerKind, markerRadius, summariseCluster } from "~/domain/map-marker";
import { SHAPES_ATTRIBUTION, TILE_TIMEOUT_MS } from "~/domain/map-tiles";
import { countWishes, MAP_GESTURE_SCROLL, MAP_GESTURE_TOUCH, MAP_YOUR_WISH, MAP_YOUR_WISH_CLUSTER, mapClusterLabel, type Translate } from "~/domain/messages";
import { useReducedMotion } from "~/hooks/use-reduced-motion";
import { visuallyHidden } from "~/styles/layout.css";
import { CountryPopup } from "./country-popup";
import * as styles from "./map.css";
import { useLiveMapCountries } from "./use-map-countries";
import { loadWorldShapes } from "./world-shapes";
import { useI18n } from "~/i18n/i18n";

export interface WorldMapProps {
  /** The countries to show, kept live by the page; without them the map fetches and follows them itself. */
  countries?: MapCountry[];
  /** The operator's tile service; null draws the map from the bundled country shapes alone. */
  tiles: { url: string; attribution: string } | null;
  /** The country of the visitor's own latest wish: its marker (or the cluster holding it) is ringed in gold. */
  yourCountryCode?: string | null;
}

type TileState = "loading" | "loaded" | "failed";

const SHAPES_PANE = "countries";
// Below Leaflet's tile pane (200): the shapes show wherever the tiles do not, so the map is never blank.
const SHAPES_PANE_STYLE = { zIndex: 150 };
const SHAPE_STYLE = { className: styles.countryShape, weight: 0.6 };

const NEW_MARKER_RISE = 1000;

// Badge size in pixels for a count label; the marker is as large as its circle or its badge, whichever is larger,
// and Leaflet needs that size to centre it on the country.
const BADGE = { height: 24, padding: 12, digit: 7.5 };
const CIRCLE_STROKE = 2;
function badgeWidth(text: string): number {
  return Math.max(BADGE.height, Math.ceil(BADGE.padding + BADGE.digit * text.length));
}
function markerSize(text: string, radius: number): [number, number] {
  const diameter = 2 * (radius + CIRCLE_STROKE);
  return [Math.max(diameter, badgeWidth(text)), Math.max(diameter, BADGE.height)];
}

/** Neighbouring markers closer than this many pixels are drawn as one cluster, so no two overlap. */
const CLUSTER_RADIUS = 64;
/** How long (in frames, about a second and a half) focus waits for a zoomed cluster's markers to be drawn. */
const FOCUS_FRAMES = 90;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

function useWorldShapes(): FeatureCollection | null {
  const [shapes, setShapes] = useState<FeatureCollection | null>(null);
  useEffect(() => {
    let active = true;
    loadWorldShapes().then(
      (loaded) => active && setShapes(loaded),
      (error: unknown) => console.error("The country shapes could not be loaded.", error),
    );
    return () => {
      active = false;
    };
  }, []);
  return shapes;
}

function describeCountry(t: Translate, country: MapCountry, yours: boolean): string {
  const parts = [countWishes(t, country.wishCount)];
  if (yours) parts.push(t(MAP_YOUR_WISH));
  if (country.pendingWishCount > 0) parts.push(t("{count} waiting for the bell", { count: country.pendingWishCount }));
  if (country.isNew) parts.push(t("new wishes just arrived"));
  return `${country.label ?? country.country}: ${parts.join(", ")}`;
}

const countryKey = (lat: number, lon: number) => `${lat.toFixed(4)},${lon.toFixed(4)}`;

/** The cluster's icon: its colour, its total of wishes, and an accessible name listing its countries. */
function clusterIcon(t: Translate, cluster: MarkerCluster, byPosition: ReadonlyMap<string, MapCountry>, yourCountryCode: string | null) {
  const members = cluster.getAllChildMarkers().flatMap((marker) => {
    const { lat, lng } = marker.getLatLng();
    const country = byPosition.get(countryKey(lat, lng));
    return country
      ? [{ country: country.label ?? country.country, wishCount: country.wishCount, isNew: country.isNew, pendingCount: country.pendingWishCount, hasEntangled: country.hasEntangledWishes }]
      : [];
  });
  const summary = summariseCluster(members);
  const yours = cluster.getAllChildMarkers().some((marker) => {
    const { lat, lng } = marker.getLatLng();
    return yourCountryCode !== null && byPosition.get(countryKey(lat, lng))?.countryCode === yourCountryCode;
  });
  const size = clusterDiameter(summary.countries);
  const label = mapClusterLabel(t, summary.names, summary.wishes) + (yours ? ` ${t(MAP_YOUR_WISH_CLUSTER)}` : "");
  return divIcon({
    className: yours ? `${styles.cluster} ${styles.yours}` : styles.cluster,
    iconSize: [size, size],
    html:
      `<span class="${styles.clusterDisc}" style="--marker-colour:${MARKER_COLOURS[summary.kind]}" data-kind="${summary.kind}" data-countries="${summary.countries}"></span>` +
      `<span class="${styles.badge}" aria-hidden="true">${badgeText(summary.wishes)}</span>` +
      `<span class="${visuallyHidden}">${escapeHtml(label)}</span>`,
  });
}

function CountryMarker({ country, yours }: { country: MapCountry; yours: boolean }) {
  const badge = useRef<LeafletMarker>(null);
  const [openings, setOpenings] = useState(0);
  const [openedByKeyboard, setOpenedByKeyboard] = useState(false);
  const { lat, lon, wishCount, isNew, pendingWishCount, hasEntangledWishes } = country;
  const position = useMemo<LatLngTuple>(() => [lat, lon], [lat, lon]);
  const kind = markerKind({ isNew, pendingCount: pendingWishCount, hasEntangled: hasEntangledWishes });
  const colour = MARKER_COLOURS[kind];
  const { t } = useI18n();
  const label = describeCountry(t, country, yours);
  const count = badgeText(wishCount);

  const radius = markerRadius(wishCount, isNew);

  // One icon per look: a new icon would rebuild the marker's element and drop its keyboard focus. The circle (spec
  // §2's colour and radius) and the count badge are one element, so a cluster can hold the country whole.
  const icon = useMemo(
    () =>
      divIcon({
        className: yours ? `${styles.countryMarker} ${styles.yours}` : styles.countryMarker,
        iconSize: markerSize(count, radius),
        html:
          `<span class="${styles.circle}" data-kind="${kind}" style="--marker-colour:${colour};width:${2 * radius}px;height:${2 * radius}px"></span>` +
          `<span class="${styles.badge}" aria-hidden="true">${count}</span><span class="${visuallyHidden}">${escapeHtml(label)}</span>`,
      }),
    [count, label, kind, colour, radius, yours],
  );

  // React-leaflet sets a marker's title (its hover tooltip) once; counts that change live must reach it too.
  useEffect(() => {
    const marker = badge.current;
    if (!marker) return;
    marker.options.title = label;
    const element = marker.getElement();
    if (element) element.title = label;
  }, [label]);

  // Leaflet's update() puts the content back into the popup, which drops the focus of a keyboard visitor inside it.
  const relayout = useCallback(() => {
    const popup = badge.current?.getPopup();
    if (!popup?.isOpen()) return;
    const focused = document.activeElement;
    popup.update();
    if (focused instanceof HTMLElement && focused.isConnected && focused !== document.activeElement) focused.focus({ preventScroll: true });
  }, []);

  const badgeEvents = useMemo(
    () => ({
      click: () => setOpenedByKeyboard(false),
      // Leaflet opens a marker's popup on Enter through this event rather than a click.
      keypress: (event: LeafletKeyboardEvent) => {
        if (event.originalEvent.key === "Enter") setOpenedByKeyboard(true);
      },
      popupopen: () => setOpenings((n) => n + 1),
      popupclose: (event: PopupEvent) => {
        if (event.popup.getElement()?.contains(document.activeElement)) badge.current?.getElement()?.focus();
      },
    }),
    [],
  );

  return (
    <Marker
        ref={badge}
        position={position}
        icon={icon}
        title={label}
        keyboard
        riseOnHover
        // A country with a wish that just arrived (perhaps the visitor's own) is drawn above its neighbours.
        zIndexOffset={isNew ? NEW_MARKER_RISE : 0}
        eventHandlers={badgeEvents}
      >
        {/* The top-left padding keeps the popup clear of the zoom buttons when the map pans it into view. */}
        <Popup autoPanPaddingTopLeft={[56, 24]} autoPanPaddingBottomRight={[24, 24]}>
          <CountryPopup
            country={country}
            openings={openings}
            focusOnOpen={openedByKeyboard}
            onClose={() => badge.current?.closePopup()}
            onResize={relayout}
          />
        </Popup>
    </Marker>
  );
}

/**
 * The world map (docs/product.md#pages): a circle and a count badge per country at its centroid, and a popup of its newest wishes.
 * Country shapes bundled with the app lie beneath the tiles; when the tile service cannot be reached (an error
 * before any tile arrives, or none within TILE_TIMEOUT_MS) the tiles are dropped and the shapes are the map.
 */
export default function WorldMap({ countries, tiles, yourCountryCode = null }: WorldMapProps) {
  const followed = useLiveMapCountries(undefined, countries === undefined);
  const shown = countries ?? followed;
  const reducedMotion = useReducedMotion();
  const shapes = useWorldShapes();
  const [tileState, setTiles] = useState<TileState>(tiles ? "loading" : "failed");
  const { t } = useI18n();
  // As embedded maps do: a one-finger swipe scrolls the page and says how to move the map; two fingers (or a tap on
  // a marker) use it. The wheel scrolls the page; Ctrl (⌘) + wheel zooms. Read once, when the map is made.
  const gestures = useMemo(
    () => ({
      gestureHandling: true,
      gestureHandlingOptions: { text: { touch: t(MAP_GESTURE_TOUCH), scroll: t(MAP_GESTURE_SCROLL), scrollMac: t(MAP_GESTURE_SCROLL) }, duration: 1500 },
    }),
    [t],
  );

  useEffect(() => {
    if (tileState !== "loading") return;
    const timer = setTimeout(() => setTiles("failed"), TILE_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [tileState]);

  const tileEvents = useMemo(
    () => ({
      tileload: () => setTiles((state) => (state === "loading" ? "loaded" : state)),
      tileerror: () => setTiles((state) => (state === "loading" ? "failed" : state)),
    }),
    [],
  );

  return (
    <MapContainer
      center={MAP.center}
      zoom={MAP.zoom}
      minZoom={MAP.minZoom}
      maxZoom={MAP.maxZoom}
      scrollWheelZoom={false}
      className={styles.canvas}
      {...gestures}
    >
      <Pane name={SHAPES_PANE} style={SHAPES_PANE_STYLE}>
        {shapes && <GeoJSON data={shapes} style={SHAPE_STYLE} interactive={false} attribution={SHAPES_ATTRIBUTION} />}
      </Pane>
      {tiles && tileState !== "failed" && <TileLayer url={tiles.url} attribution={tiles.attribution} eventHandlers={tileEvents} />}
      <TilesMark on={tiles !== null && tileState !== "failed"} />
      <ClusteredCountries countries={shown} animate={!reducedMotion} yourCountryCode={yourCountryCode} />
    </MapContainer>
  );
}

/** Marks the map's box `data-tiles="on"` or `"off"`: without tiles the shapes are styled as the whole map (map.css). */
function TilesMark({ on }: { on: boolean }) {
  const map = useMap();
  useEffect(() => {
    map.getContainer().dataset.tiles = on ? "on" : "off";
  }, [map, on]);
  return null;
}

/**
 * Countries whose markers would overlap at the current zoom share one cluster marker (docs/product.md#pages's circles and badges
 * come back as the visitor zooms in), so every marker is a whole tap target and the keyboard meets a handful of
 * stops instead of one per country. A live update redraws the clusters, whose colour and count follow their members.
 */
function ClusteredCountries({ countries, animate, yourCountryCode }: { countries: MapCountry[]; animate: boolean; yourCountryCode: string | null }) {
  const map = useMap();
  const group = useRef<LeafletClusterGroup>(null);
  const byPosition = useRef(new Map<string, MapCountry>());
  const yours = useRef(yourCountryCode);
  const { t } = useI18n();
  const iconCreateFunction = useCallback((cluster: MarkerCluster) => clusterIcon(t, cluster, byPosition.current, yours.current), [t]);
  // Before the markers' own effects add them to the group, so the first clusters already know their countries.
  useLayoutEffect(() => {
    byPosition.current = new Map(countries.map((country) => [countryKey(country.lat, country.lon), country]));
    yours.current = yourCountryCode;
    if (group.current && map.hasLayer(group.current)) group.current.refreshClusters();
  }, [countries, map, yourCountryCode]);

  // Enter on a focused cluster zooms to its countries (markercluster's own "clusterkeypress" handler); focus then
  // moves to the first of them once it is drawn, instead of falling to the page when the cluster's element goes.
  useEffect(() => {
    const clusters = group.current;
    if (!clusters) return;
    const onKeypress = (event: LeafletEvent) => {
      const cluster = event.propagatedFrom as MarkerCluster | undefined;
      if ((event as LeafletKeyboardEvent).originalEvent.key !== "Enter" || !cluster) return;
      const first = cluster.getAllChildMarkers()[0];
      let frames = FOCUS_FRAMES;
      const settle = () => {
        const shown = first && clusters.getVisibleParent(first);
        if (shown && shown !== cluster && shown.getElement()) shown.getElement()?.focus({ preventScroll: true });
        else if (--frames > 0) requestAnimationFrame(settle);
      };
      requestAnimationFrame(settle);
    };
    clusters.on("clusterkeypress", onKeypress);
    return () => {
      clusters.off("clusterkeypress", onKeypress);
    };
  }, []);

  return (
    <MarkerClusterGroup
      ref={group}
      maxClusterRadius={CLUSTER_RADIUS}
      showCoverageOnHover={false}
      spiderfyOnMaxZoom
      animate={animate}
      animateAddingMarkers={false}
      iconCreateFunction={iconCreateFunction}
    >
      {countries.map((country) => (
        <CountryMarker key={country.countryCode} country={country} yours={country.countryCode === yourCountryCode} />
      ))}
    </MarkerClusterGroup>
  );
}
