/**
 * Networks, as every per-network count and limit sees them (docs/decisions/0032-networks-and-fair-shares.md).
 *
 * An address is first put in its one canonical spelling (the WHATWG URL host parser: "001.2.3.4", "0x01.2.3.4",
 * "16909060" and "::ffff:1.2.3.4" are all 1.2.3.4). Then:
 * - IPv4 is one network and one subnet: the address (/32).
 * - IPv6 is counted at two tiers: its /48 (one site: what an ISP or a host hands one customer, 65,536 /64s) is the
 *   network, the identity of every "once per network" rule and of every stored network hash; its /64 (one line) is
 *   the subnet, which gets the base allowance of a rate limit while the whole /48 gets a looser multiple of it.
 * Anything that is not an address (no header outside Cloudflare) is one shared "unknown" network.
 */
export interface NetworkKeys {
  /** IPv4 address or IPv6 /48. */
  network: string;
  /** IPv4 address or IPv6 /64. */
  subnet: string;
  ipv6: boolean;
}

export const UNKNOWN_NETWORK = "unknown";

/** The prefix length of an IPv6 network (its /48): what /privacy names. */
export const IPV6_NETWORK_PREFIX = 48;

/** How many times the base allowance a whole IPv6 /48 gets, over all its /64s. */
export const IPV6_NETWORK_ALLOWANCE_MULTIPLIER = 4;

const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/** The canonical spelling of an IP address (IPv4 dotted quad, IPv6 lower-case compressed), or null. */
export function canonicalIp(address: string): string | null {
  let ip = address.trim().toLowerCase();
  // "[2001:db8::1]:443" and "1.2.3.4:80": a bracketed host or a port is not part of the address.
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(ip);
  if (bracketed) ip = bracketed[1]!;
  else if (/^[^:]+:\d+$/.test(ip)) ip = ip.slice(0, ip.lastIndexOf(":"));
  ip = ip.split("%")[0]!;
  if (!ip || /[^0-9a-fx.:]/.test(ip)) return null;
  try {
    const host = new URL(ip.includes(":") ? `http://[${ip}]/` : `http://${ip}/`).hostname;
    if (host.startsWith("[")) return host.slice(1, -1);
    return IPV4.test(host) ? host : null;
  } catch {
    return null;
  }
}

/** The eight hextets of a canonical IPv6 address, zero-padded. */
function hextets(ip: string): string[] {
  const [head = "", tail] = ip.split("::");
  const part = (text: string) => (text ? text.split(":") : []);
  const groups = tail === undefined ? part(head) : [...part(head), ...Array(8 - part(head).length - part(tail).length).fill("0"), ...part(tail)];
  return groups.map((group) => group.padStart(4, "0"));
}

export function networkKeys(address: string): NetworkKeys {
  const ip = canonicalIp(address);
  if (ip === null) return { network: UNKNOWN_NETWORK, subnet: UNKNOWN_NETWORK, ipv6: false };
  if (!ip.includes(":")) return { network: ip, subnet: ip, ipv6: false };
  const groups = hextets(ip);
  // IPv4-mapped (::ffff:a.b.c.d, canonically ::ffff:xxxx:yyyy) is its IPv4 address.
  if (groups.slice(0, 6).join(":") === "0000:0000:0000:0000:0000:ffff") {
    const v4 = groups.slice(6).flatMap((group) => [parseInt(group.slice(0, 2), 16), parseInt(group.slice(2), 16)]).join(".");
    return { network: v4, subnet: v4, ipv6: false };
  }
  return { network: `${groups.slice(0, IPV6_NETWORK_PREFIX / 16).join(":")}::/${IPV6_NETWORK_PREFIX}`, subnet: `${groups.slice(0, 4).join(":")}::/64`, ipv6: true };
}

/** The network of an address: the identity every "once per network" rule and every stored network hash uses. */
export function networkKey(address: string): string {
  return networkKeys(address).network;
}
