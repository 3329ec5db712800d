// `node scripts/make-icons.mjs`: the installable app's icons (public/icons/*.png) from the site's gold bell
// (app/components/bell/bell-icon.tsx), full-bleed on the site's night blue so one PNG serves as "any" and "maskable":
// the bell stays inside the maskable safe zone (the centre circle of 80% diameter). Run after changing the bell.
import { initWasm, Resvg } from "@resvg/resvg-wasm";
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
await initWasm(readFileSync(`${root}node_modules/@resvg/resvg-wasm/index_bg.wasm`));

// The bell of bell-icon.tsx (viewBox 64 × 72), scaled 4× and centred on a 512 square.
const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff3c4"/><stop offset="0.45" stop-color="#ffd54f"/><stop offset="1" stop-color="#c79100"/></linearGradient></defs>
  <rect width="512" height="512" fill="#0b1020"/>
  <g transform="translate(128 112) scale(4)">
    <path d="M28 6a4 4 0 0 1 8 0v3h-8z" fill="#c79100"/>
    <path d="M32 9c-11 0-18 8.5-18 20v12.5c0 4.5-2.4 8.3-6.2 10.6A2.6 2.6 0 0 0 9.1 57h45.8a2.6 2.6 0 0 0 1.3-4.9C52.4 49.8 50 46 50 41.5V29C50 17.5 43 9 32 9z" fill="url(#g)" stroke="#8a6400" stroke-width="1.5"/>
    <path d="M20 27c0-6 4-11 10-12.5" fill="none" stroke="#fffbe6" stroke-opacity="0.7" stroke-width="2.5" stroke-linecap="round"/>
    <circle cx="32" cy="63" r="5.5" fill="#c79100" stroke="#8a6400" stroke-width="1.5"/>
  </g>
</svg>`;

for (const size of [192, 512]) {
  const png = new Resvg(svg, { fitTo: { mode: "width", value: size } }).render().asPng();
  writeFileSync(`${root}public/icons/bell-${size}.png`, png);
  console.log(`public/icons/bell-${size}.png`);
}
