import { describe, expect, it } from "vitest";
import { mailboxKey, parseMailStopToken } from "~/domain/mailbox";

// Issue 46.2: one inbox, one key for the mail caps and stops (docs/decisions/0104-one-inbox-one-key.md).

describe("mailboxKey", () => {
  it("lower-cases, trims and drops a +tag on any domain", () => {
    expect(mailboxKey("  Someone+77@Example.ORG ")).toBe("someone@example.org");
    expect(mailboxKey("someone+0@example.org")).toBe(mailboxKey("someone@example.org"));
    expect(mailboxKey("someone+a+b@example.org")).toBe("someone@example.org");
  });

  it("removes dots in the local part for Gmail only, and spells googlemail.com as gmail.com", () => {
    expect(mailboxKey("S.o.m.e.One+news@GoogleMail.com")).toBe("someone@gmail.com");
    expect(mailboxKey("some.one@gmail.com")).toBe("someone@gmail.com");
    expect(mailboxKey("some.one@example.org")).toBe("some.one@example.org");
    expect(mailboxKey("some.one@outlook.com")).toBe("some.one@outlook.com");
  });

  it("keeps what it cannot read as a sub-address as typed", () => {
    expect(mailboxKey("+tag@example.org")).toBe("+tag@example.org");
    expect(mailboxKey("no-at-sign")).toBe("no-at-sign");
    expect(mailboxKey("someone@example.org.")).toBe("someone@example.org");
    expect(mailboxKey("...@gmail.com")).toBe("...@gmail.com");
  });
});

describe("parseMailStopToken", () => {
  const hash = "ab".repeat(32);
  it("reads a signed token and a bare one mailed before, and nothing else", () => {
    expect(parseMailStopToken(`${hash}${"cd".repeat(16)}`)).toEqual({ kind: "signed", hash, signature: "cd".repeat(16) });
    expect(parseMailStopToken(hash)).toEqual({ kind: "legacy", hash });
    for (const bad of [null, undefined, "", "abc", `${hash}cd`, hash.toUpperCase(), `${hash}${"zz".repeat(16)}`]) expect(parseMailStopToken(bad)).toBeNull();
  });
});
