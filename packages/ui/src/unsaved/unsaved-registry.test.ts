import { describe, expect, it } from "vitest";
import { bindBeforeUnload, createUnsavedRegistry } from "./unsaved-registry.ts";

const unload = (target: EventTarget) => {
  const event = new Event("beforeunload", { cancelable: true });
  target.dispatchEvent(event);
  return event.defaultPrevented;
};

describe("unsaved-changes registry", () => {
  it("is clean when no form has reported", () => {
    expect(createUnsavedRegistry().isDirty()).toBe(false);
  });

  it("is dirty while any one form reports changes", () => {
    const registry = createUnsavedRegistry();
    registry.report("roles", true);
    registry.report("profile", false);
    expect(registry.isDirty()).toBe(true);
  });

  it("is clean again once the dirty form reports it saved", () => {
    const registry = createUnsavedRegistry();
    registry.report("roles", true);
    registry.report("roles", false);
    expect(registry.isDirty()).toBe(false);
  });

  it("stays dirty while a second form still holds changes", () => {
    const registry = createUnsavedRegistry();
    registry.report("roles", true);
    registry.report("profile", true);
    registry.report("roles", false);
    expect(registry.isDirty()).toBe(true);
  });

  it("drops a forgotten (unmounted) form's changes", () => {
    const registry = createUnsavedRegistry();
    registry.report("editor", true);
    registry.forget("editor");
    expect(registry.isDirty()).toBe(false);
  });

  it("tells listeners only when the dirty state flips", () => {
    const registry = createUnsavedRegistry();
    const seen: boolean[] = [];
    registry.subscribe(() => seen.push(registry.isDirty()));
    registry.report("a", true);
    registry.report("b", true);
    registry.report("a", false);
    registry.report("b", false);
    expect(seen).toEqual([true, false]);
  });

  it("stops telling a listener after it unsubscribes", () => {
    const registry = createUnsavedRegistry();
    const seen: boolean[] = [];
    const unsubscribe = registry.subscribe(() => seen.push(registry.isDirty()));
    unsubscribe();
    registry.report("a", true);
    expect(seen).toEqual([]);
  });
});

describe("beforeunload while dirty", () => {
  it("does not hold a clean page", () => {
    const target = new EventTarget();
    bindBeforeUnload(createUnsavedRegistry(), target);
    expect(unload(target)).toBe(false);
  });

  it("holds the page while a form is dirty", () => {
    const target = new EventTarget();
    const registry = createUnsavedRegistry();
    bindBeforeUnload(registry, target);
    registry.report("roles", true);
    expect(unload(target)).toBe(true);
  });

  it("lets the page go once the form is saved", () => {
    const target = new EventTarget();
    const registry = createUnsavedRegistry();
    bindBeforeUnload(registry, target);
    registry.report("roles", true);
    registry.report("roles", false);
    expect(unload(target)).toBe(false);
  });

  it("holds a page that was already dirty when bound", () => {
    const target = new EventTarget();
    const registry = createUnsavedRegistry();
    registry.report("roles", true);
    bindBeforeUnload(registry, target);
    expect(unload(target)).toBe(true);
  });

  it("lets the page go after unbinding, dirty or not", () => {
    const target = new EventTarget();
    const registry = createUnsavedRegistry();
    const unbind = bindBeforeUnload(registry, target);
    registry.report("roles", true);
    unbind();
    expect(unload(target)).toBe(false);
  });
});
