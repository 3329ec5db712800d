import { describe, expect, it } from "vitest";
import { COPY_LINK_NOT_FOUND, COPY_LINK_PENDING } from "../../../app/domain/messages";
import { copyLinkOutcome, postText, ringPath, shareLinks, tweetText } from "../../../app/domain/share";

describe("tweetText (docs/api.md#calls: the first 100 characters of the wish plus an ellipsis)", () => {
  it("always ends in an ellipsis, short wishes too", () => {
    expect(tweetText("Peace for all")).toBe("Peace for all…");
    expect(tweetText("p".repeat(100))).toBe(`${"p".repeat(100)}…`);
  });

  it("cuts longer wishes to 100 characters and an ellipsis", () => {
    expect(tweetText("q".repeat(101))).toBe(`${"q".repeat(100)}…`);
  });

  it("does not split an emoji", () => {
    expect(tweetText(`${"a".repeat(99)}🌍🌍`)).toBe(`${"a".repeat(99)}🌍…`);
  });
});

describe("postText", () => {
  it("keeps a sentence of ours whole when it fits, and cuts a longer one like a wish", () => {
    expect(postText("A simulated ring of 3 wishes.")).toBe("A simulated ring of 3 wishes.");
    expect(postText("r".repeat(120))).toBe(`${"r".repeat(100)}…`);
  });
});

describe("shareLinks", () => {
  it("encodes the url and text for each network", () => {
    const url = "https://quantumbell.example/bell/01JD3?x=1&y=2";
    const links = shareLinks(url, "Peace & love #1");
    expect(links.twitter).toBe(
      "https://x.com/intent/post?text=Peace%20%26%20love%20%231&url=https%3A%2F%2Fquantumbell.example%2Fbell%2F01JD3%3Fx%3D1%26y%3D2",
    );
    expect(links.facebook).toBe(
      "https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fquantumbell.example%2Fbell%2F01JD3%3Fx%3D1%26y%3D2",
    );
    expect(links.linkedin).toBe(
      "https://www.linkedin.com/sharing/share-offsite/?url=https%3A%2F%2Fquantumbell.example%2Fbell%2F01JD3%3Fx%3D1%26y%3D2",
    );
    expect(new URL(links.twitter).searchParams.get("text")).toBe("Peace & love #1");
    expect(new URL(links.twitter).searchParams.get("url")).toBe(url);
  });
});

describe("ringPath and copyLinkOutcome", () => {
  it("builds the ring page path", () => {
    expect(ringPath("01JD3ABC")).toBe("/bell/01JD3ABC");
    expect(ringPath("a/b")).toBe("/bell/a%2Fb");
  });

  it("links to the ring once rung", () => {
    expect(copyLinkOutcome({ status: "entangled", bellRingId: "R1" })).toEqual({ kind: "link", path: "/bell/R1" });
    expect(copyLinkOutcome({ status: "processed", bellRingId: "R2" })).toEqual({ kind: "link", path: "/bell/R2" });
  });

  it.each(["pending", "submitted_for_batching"])("informs while %s", (status) => {
    expect(copyLinkOutcome({ status, bellRingId: null })).toEqual({ kind: "info", message: COPY_LINK_PENDING });
  });

  it("says 'still being processed' for a wish submitted for batching, though its ring exists (docs/api.md#calls, issue 35)", () => {
    expect(copyLinkOutcome({ status: "submitted_for_batching", bellRingId: "R2" })).toEqual({ kind: "info", message: COPY_LINK_PENDING });
  });

  it.each([[{ status: "processed" }], [{ status: "entangled", bellRingId: "" }], [null], [undefined], [{}]])(
    "errs for %j",
    (wish) => {
      expect(copyLinkOutcome(wish)).toEqual({ kind: "error", message: COPY_LINK_NOT_FOUND });
    },
  );
});
