import { describe, expect, it } from "vitest";
import { canonicalIp, networkKey, networkKeys, UNKNOWN_NETWORK } from "../../../app/domain/network";

describe("canonicalIp", () => {
  it("writes every spelling of one IPv4 address the same way (issue 31: 12 spellings were 7 networks)", () => {
    const spellings = [
      "203.0.113.9",
      " 203.0.113.9 ",
      "203.000.113.9",
      "0xcb.0.113.9",
      "3405803785",
      "203.0.28937",
      "0313.0.0161.011",
      "203.0.113.9.",
      "203.0.113.9:443",
      "::ffff:203.0.113.9",
      "::FFFF:CB00:7109",
      "0:0:0:0:0:ffff:203.0.113.9",
      "[::ffff:203.0.113.9]:80",
    ];
    expect(new Set(spellings.map((ip) => networkKey(ip)))).toEqual(new Set(["203.0.113.9"]));
  });

  it("writes IPv6 compressed and lower-case, and refuses what is not an address", () => {
    expect(canonicalIp("2001:0DB8:0000:0000::0001")).toBe("2001:db8::1");
    expect(canonicalIp("[2001:db8::1]:443")).toBe("2001:db8::1");
    expect(canonicalIp("fe80::1%eth0")).toBe("fe80::1");
    for (const junk of ["unknown", "", "example.org", "1:2:3", "1.2.3.4.5", "999.1.1.1", "<script>"]) expect(canonicalIp(junk), junk).toBeNull();
  });
});

describe("networkKeys", () => {
  it("keeps an IPv4 address whole, as network and subnet", () => {
    expect(networkKeys("203.0.113.9")).toEqual({ network: "203.0.113.9", subnet: "203.0.113.9", ipv6: false });
  });

  it("counts an IPv6 address by its /48, with its /64 as the subnet, however it is written", () => {
    for (const address of ["2001:db8:85:a3d::1", "2001:db8:85:a3d:ffff:ffff:ffff:ffff", "2001:0DB8:0085:0A3D:0:0:0:7", "2001:db8:85:a3d::1%eth0"]) {
      expect(networkKeys(address), address).toEqual({ network: "2001:0db8:0085::/48", subnet: "2001:0db8:0085:0a3d::/64", ipv6: true });
    }
    // Another /64 of the same /48 is the same network (issue 31: 65,536 networks in one /48).
    expect(networkKey("2001:db8:85:a3e::1")).toBe("2001:0db8:0085::/48");
    expect(networkKeys("2001:db8:85:a3e::1").subnet).not.toBe("2001:0db8:0085:0a3d::/64");
    expect(networkKey("2001:db8:86::1")).not.toBe("2001:0db8:0085::/48");
    expect(networkKey("::1")).toBe("0000:0000:0000::/48");
  });

  it("groups everything that is not an address as one unknown network", () => {
    expect(networkKey("unknown")).toBe(UNKNOWN_NETWORK);
    expect(networkKey("1:2:3")).toBe(UNKNOWN_NETWORK);
    expect(networkKey("not an address at all")).toBe(UNKNOWN_NETWORK);
  });
});
