import { english } from "../../support/english";
import { describe, expect, it } from "vitest";
import { type BellButtonInput, bellButtonState, pendingFrom } from "../../../app/domain/bell-button";

const ready: BellButtonInput = {
  ringing: false,
  loading: false,
  disabled: false,
  animating: false,
  cooldownSeconds: 0,
  creditsSeconds: 400,
  pendingCount: 3,
};

const state = (changes: Partial<BellButtonInput>) => bellButtonState(english, { ...ready, ...changes });

describe("bellButtonState labels", () => {
  it("rings one wish", () => {
    expect(state({ pendingCount: 1 })).toEqual({
      label: "Ring Bell (1 wish)",
      disabled: false,
      statusText: "1 wish waiting to be entangled",
    });
  });

  it("rings several wishes", () => {
    expect(state({ pendingCount: 3 })).toEqual({
      label: "Ring Bell (3 wishes)",
      disabled: false,
      statusText: "3 wishes waiting to be entangled",
    });
  });

  it("shows ringing while ringing or loading", () => {
    expect(state({ ringing: true })).toMatchObject({ label: "Ringing Bell...", disabled: true });
    expect(state({ loading: true })).toMatchObject({ label: "Ringing Bell...", disabled: true });
  });

  it("counts down the cooldown in whole seconds", () => {
    expect(state({ cooldownSeconds: 20 })).toMatchObject({ label: "Please wait 20s", disabled: true });
    expect(state({ cooldownSeconds: 4.2 })).toMatchObject({ label: "Please wait 5s", disabled: true });
  });

  it("is out of credits at zero or below", () => {
    expect(state({ creditsSeconds: 0 })).toMatchObject({ label: "Out of Credits", disabled: true });
    expect(state({ creditsSeconds: -3 })).toMatchObject({ label: "Out of Credits", disabled: true });
  });

  it("does not block while the credit balance is unknown", () => {
    expect(state({ creditsSeconds: null })).toMatchObject({ label: "Ring Bell (3 wishes)", disabled: false });
  });

  it("has nothing to ring without pending wishes", () => {
    expect(state({ pendingCount: 0 })).toEqual({
      label: "No Wishes to Ring",
      disabled: true,
      statusText: "Submit a wish first to ring the bell",
    });
  });

  it("says the bell is ringing, not 'Submit a wish first', while its own ring of the last wish travels", () => {
    expect(state({ pendingCount: 0, disabled: true, inFlight: true }).statusText).toBe("The bell is ringing…");
    expect(state({ pendingCount: 0, ringing: true }).statusText).toBe("The bell is ringing…");
  });

  it("disables without changing the label for the disabled flag and the animation", () => {
    expect(state({ disabled: true })).toMatchObject({ label: "Ring Bell (3 wishes)", disabled: true });
    expect(state({ animating: true })).toMatchObject({ label: "Ring Bell (3 wishes)", disabled: true });
  });

  it("puts ringing before cooldown, cooldown before credits, credits before pending", () => {
    const everything = { ringing: true, cooldownSeconds: 9, creditsSeconds: 0, pendingCount: 0 };
    expect(state(everything).label).toBe("Ringing Bell...");
    expect(state({ ...everything, ringing: false }).label).toBe("Please wait 9s");
    expect(state({ ...everything, ringing: false, cooldownSeconds: 0 }).label).toBe("Out of Credits");
    expect(state({ ...everything, ringing: false, cooldownSeconds: 0, creditsSeconds: 1 }).label).toBe(
      "No Wishes to Ring",
    );
  });
});

describe("bellButtonState batches", () => {
  it("rings at most five and has no note at exactly five", () => {
    const five = state({ pendingCount: 5 });
    expect(five.label).toBe("Ring Bell (5 wishes)");
    expect(five.batchNote).toBeUndefined();
  });

  it("explains the batches above five", () => {
    expect(state({ pendingCount: 12 })).toEqual({
      label: "Ring Bell (5 wishes)",
      disabled: false,
      statusText: "12 wishes waiting to be entangled",
      batchNote: "Press the button for each batch of 5 wishes.",
    });
    // One count of waiting wishes near the bell (issue 35): the note adds no second one.
    expect(state({ pendingCount: 6 }).batchNote).toBe("Press the button for each batch of 5 wishes.");
  });
});

describe("pendingFrom", () => {
  it("counts only pending wishes", () => {
    const list = [
      { status: "pending" },
      { status: "submitted_for_batching" },
      { status: "entangled" },
      { status: "processed" },
      { status: "pending" },
    ];
    expect(pendingFrom(list)).toBe(2);
  });

  it.each([[undefined], [null], [{}], ["pending"], [[]], [[null, 3, { state: "pending" }]]])(
    "counts %j as none",
    (list) => {
      expect(pendingFrom(list)).toBe(0);
    },
  );
});
