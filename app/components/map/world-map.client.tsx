import "leaflet/dist/leaflet.css";
import type { FeatureCollection } from "geojson";
import { divIcon, type LatLngTuple, type LeafletKeyboardEvent, type Marker as LeafletMarker, type PopupEvent } from "leaflet";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { CircleMarker, GeoJSON, MapContainer, Marker, Pane, Popup, TileLayer } from "react-leaflet";
import { MAP } from "~/domain/limits";
import type { MapCountry } from "~/domain/map-country";
import { badgeText, markerColour, markerRadius } from "~/domain/map-marker";
import { SHAPES_ATTRIBUTION, TILE_ATTRIBUTION, TILE_TIMEOUT_MS, TILE_URL } from "~/domain/map-tiles";
import { countWishes } from "~/domain/messages";
import { visuallyHidden } from "~/styles/layout.css";
import { CountryPopup } from "./country-popup";
import * as styles from "./map.css";
import { useLiveMapCountries } from "./use-map-countries";
import { loadWorldShapes } from "./world-shapes";

export interface WorldMapProps {
  /** The countries to show, kept live by the page; without them the map fetches and follows them itself. */
  countries?: MapCountry[];
  tileUrl?: string;
  tileAttribution?: string;
}

type TileState = "loading" | "loaded" | "failed";

const SHAPES_PANE = "countries";
// Below Leaflet's tile pane (200): the shapes show wherever the tiles do not, so the map is never blank.
const SHAPES_PANE_STYLE = { zIndex: 150 };
const SHAPE_STYLE = { className: styles.countryShape, weight: 0.6 };

const NEW_MARKER_RISE = 1000;

// Badge size in pixels for a count label; Leaflet needs it to centre the badge on the country's circle.
const BADGE = { height: 24, padding: 12, digit: 7.5 };
function badgeSize(text: string): [number, number] {
  return [Math.max(BADGE.height, Math.ceil(BADGE.padding + BADGE.digit * text.length)), BADGE.height];
}

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

function describeCountry(country: MapCountry): string {
  const parts = [countWishes(country.wishCount)];
  if (country.pendingWishCount > 0) parts.push(`${country.pendingWishCount} waiting for the bell`);
  if (country.isNew) parts.push("new wishes just arrived");
  return `${country.country}: ${parts.join(", ")}`;
}

function CountryMarker({ country }: { country: MapCountry }) {
  const badge = useRef<LeafletMarker>(null);
  const [openings, setOpenings] = useState(0);
  const [openedByKeyboard, setOpenedByKeyboard] = useState(false);
  const { lat, lon, wishCount, isNew, pendingWishCount, hasEntangledWishes } = country;
  const position = useMemo<LatLngTuple>(() => [lat, lon], [lat, lon]);
  const colour = markerColour({ isNew, pendingCount: pendingWishCount, hasEntangled: hasEntangledWishes });
  const label = describeCountry(country);
  const count = badgeText(wishCount);

  // One icon per label: a new icon would rebuild the marker's element and drop its keyboard focus.
  const icon = useMemo(
    () =>
      divIcon({
        className: styles.badge,
        iconSize: badgeSize(count),
        html: `<span aria-hidden="true">${count}</span><span class="${visuallyHidden}">${escapeHtml(label)}</span>`,
      }),
    [count, label],
  );

  const circleEvents = useMemo(
    () => ({
      click: () => {
        setOpenedByKeyboard(false);
        badge.current?.openPopup();
      },
    }),
    [],
  );

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
    <>
      <CircleMarker
        center={position}
        radius={markerRadius(wishCount, isNew)}
        pathOptions={{ color: colour, fillColor: colour, fillOpacity: 0.6, weight: 2 }}
        bubblingMouseEvents={false}
        eventHandlers={circleEvents}
      />
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
    </>
  );
}

/**
 * The world map (spec §2): a circle and a count badge per country at its centroid, and a popup of its newest wishes.
 * Country shapes bundled with the app lie beneath the tiles; when the tile service cannot be reached (an error
 * before any tile arrives, or none within TILE_TIMEOUT_MS) the tiles are dropped and the shapes are the map.
 */
export default function WorldMap({ countries, tileUrl = TILE_URL, tileAttribution = TILE_ATTRIBUTION }: WorldMapProps) {
  const followed = useLiveMapCountries(undefined, countries === undefined);
  const shown = countries ?? followed;
  const shapes = useWorldShapes();
  const [tiles, setTiles] = useState<TileState>("loading");

  useEffect(() => {
    if (tiles !== "loading") return;
    const timer = setTimeout(() => setTiles("failed"), TILE_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [tiles]);

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
    >
      <Pane name={SHAPES_PANE} style={SHAPES_PANE_STYLE}>
        {shapes && <GeoJSON data={shapes} style={SHAPE_STYLE} interactive={false} attribution={SHAPES_ATTRIBUTION} />}
      </Pane>
      {tiles !== "failed" && <TileLayer url={tileUrl} attribution={tileAttribution} eventHandlers={tileEvents} />}
      {shown.map((country) => (
        <CountryMarker key={country.countryCode} country={country} />
      ))}
    </MapContainer>
  );
}
