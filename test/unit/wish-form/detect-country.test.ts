import { afterEach, describe, expect, it, vi } from "vitest";
import { detectCountry } from "~/components/wish-form/countries";

// ADR 0040 keeps a wish's position to 0.1°; the browser rounds it before any request leaves it, so the country
// look-up's URL (kept in request logs) and the wish itself carry only the rounded position.

const EXACT = { latitude: 48.856613, longitude: 2.352222 };

function stubDevice(answer: unknown) {
  const requests: string[] = [];
  vi.stubGlobal("navigator", {
    geolocation: { getCurrentPosition: (resolve: (position: { coords: typeof EXACT }) => void) => resolve({ coords: EXACT }) },
  });
  vi.stubGlobal("fetch", async (url: string) => {
    requests.push(url);
    return new Response(JSON.stringify(answer), { status: 200, headers: { "Content-Type": "application/json" } });
  });
  return requests;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("detecting the device's country", () => {
  it("asks the look-up with the position rounded to 0.1°, never the exact one", async () => {
    const requests = stubDevice({ success: true, address: { country: "France", countryCode: "FR" } });
    await detectCountry();
    expect(requests).toHaveLength(1);
    const query = new URL(requests[0]!, "http://site.test").searchParams;
    expect(Object.fromEntries(query)).toEqual({ lat: "48.9", lon: "2.4" });
    expect(requests[0]).not.toContain("48.85");
  });

  it("hands the wish form the rounded position too", async () => {
    stubDevice({ success: true, address: { country: "France", countryCode: "FR" } });
    expect(await detectCountry()).toEqual({ country: "France", lat: 48.9, lon: 2.4 });
  });
});
