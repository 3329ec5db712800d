import { describe, expect, it } from "vitest";
import { fromBase64Url, toBase64Url } from "~/server/edge/base64url.server";
import { readCookie } from "~/server/edge/cookies.server";
import { readDeviceCookie } from "~/server/edge/device-cookie.server";

const withCookie = (header?: string) => new Request("https://example.org/", { headers: header ? { Cookie: header } : {} });

describe("readCookie", () => {
  it("finds one cookie among many, with or without spaces, and nothing when absent", () => {
    expect(readCookie(withCookie("a=1; qb_session=abc.def;b=2"), "qb_session")).toBe("abc.def");
    expect(readCookie(withCookie("a=1"), "qb_session")).toBeUndefined();
    expect(readCookie(withCookie(), "qb_session")).toBeUndefined();
  });

  it("does not take a cookie whose name only ends like the one asked for, and keeps '=' inside values", () => {
    expect(readCookie(withCookie("xqb_device=1; qb_device=2"), "qb_device")).toBe("2");
    expect(readCookie(withCookie("t=a=b=="), "t")).toBe("a=b==");
  });

  it("gives the device id only when it has the shape we make", () => {
    expect(readDeviceCookie(withCookie(`qb_device=${"ab".repeat(16)}`))).toBe("ab".repeat(16));
    expect(readDeviceCookie(withCookie("qb_device=not-an-id"))).toBeUndefined();
  });
});

describe("base64url", () => {
  it("round-trips every byte value without padding, and refuses what is not base64url", () => {
    const bytes = Uint8Array.from({ length: 256 }, (_, i) => i);
    const text = toBase64Url(bytes);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(fromBase64Url(text)).toEqual(bytes);
    expect(fromBase64Url("a+b/")).toBeNull();
    expect(fromBase64Url("a")).toBeNull();
  });
});
