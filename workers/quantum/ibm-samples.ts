import { tally } from "./counts";

const HEX_SAMPLE = /^0x[0-9a-f]+$/i;

/**
 * IBM's sampler reports each shot as a hex integer in which bit j (least significant first)
 * is classical bit c[j]. Our QASM measures wish i into c[i], so character i of the returned
 * string is bit i of the integer: "0x1" on three bits reads "100", "0x6" reads "011".
 */
export function hexSampleToBitstring(hex: string, numBits: number): string {
  if (!HEX_SAMPLE.test(hex)) throw new RangeError(`"${hex}" is not a hex sample.`);
  const value = BigInt(hex);
  if (value >> BigInt(numBits) !== 0n) throw new RangeError(`Sample ${hex} does not fit in ${numBits} bits.`);
  let bits = "";
  for (let j = 0; j < numBits; j++) bits += (value >> BigInt(j)) & 1n ? "1" : "0";
  return bits;
}

export function countsFromHexSamples(samples: string[], numBits: number): Record<string, number> {
  return tally(samples.map((hex) => hexSampleToBitstring(hex, numBits)));
}
