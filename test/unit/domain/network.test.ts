import { describe, expect, it } from "vitest";
import { networkKey } from "../../../app/domain/network";

describe("networkKey", () => {
  it("keeps an IPv4 address whole", () => {
    expect(networkKey("203.0.113.9")).toBe("203.0.113.9");
  });

  it("counts an IPv6 address by its /64, however it is written", () => {
    const expected = "2001:0db8:0085:0a3d::/64";
    for (const address of ["2001:db8:85:a3d::1", "2001:db8:85:a3d:ffff:ffff:ffff:ffff", "2001:0DB8:0085:0A3D:0:0:0:7", "2001:db8:85:a3d::1%eth0"]) {
      expect(networkKey(address), address).toBe(expected);
    }
    expect(networkKey("2001:db8:85:a3e::1")).not.toBe(expected);
    expect(networkKey("::1")).toBe("0000:0000:0000:0000::/64");
    expect(networkKey("fe80::1:2:3:4")).toBe("fe80:0000:0000:0000::/64");
  });

  it("reads an IPv4-mapped IPv6 address as its IPv4 address", () => {
    expect(networkKey("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(networkKey("0:0:0:0:0:ffff:203.0.113.9")).toBe("203.0.113.9");
  });

  it("keeps anything else as given", () => {
    expect(networkKey("unknown")).toBe("unknown");
    expect(networkKey("1:2:3")).toBe("1:2:3");
  });
});
