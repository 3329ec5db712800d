/**
 * The network a request comes from, as every per-network limit counts it: an IPv4 address, or the /64 of an IPv6
 * address (one subscriber's line holds a whole /64, so counting full IPv6 addresses would give one person millions
 * of allowances). IPv4-mapped IPv6 (::ffff:192.0.2.1) is its IPv4 address. Anything else is kept as given.
 */
export function networkKey(address: string): string {
  const ip = address.trim().toLowerCase();
  if (!ip.includes(":")) return ip;
  const mapped = /^(?:0{0,4}:){0,5}(?:0{0,4}:)?ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(ip.replace(/^::/, "0:"));
  if (mapped) return mapped[1];
  const groups = expandIpv6(ip.split("%")[0]);
  return groups ? `${groups.slice(0, 4).join(":")}::/64` : ip;
}

/** The eight hextets of an IPv6 address, zero-padded, or null when it is not one. */
function expandIpv6(ip: string): string[] | null {
  const halves = ip.split("::");
  if (halves.length > 2) return null;
  const part = (text: string) => (text ? text.split(":") : []);
  const head = part(halves[0]);
  const tail = halves.length === 2 ? part(halves[1]) : [];
  // An embedded IPv4 tail (::1.2.3.4) counts as two hextets.
  const last = tail.length ? tail[tail.length - 1] : head[head.length - 1];
  const extra = last && last.includes(".") ? 1 : 0;
  const missing = 8 - head.length - tail.length - extra;
  if (halves.length === 1 ? missing !== 0 : missing < 0) return null;
  const groups = [...head, ...Array(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  if (groups.slice(0, 4).some((group) => !/^[0-9a-f]{1,4}$/.test(group))) return null;
  return groups.map((group) => (group.includes(".") ? group : group.padStart(4, "0")));
}
