/**
 * A value built the first time anything reads it, then kept: for the zod schemas the modules declare at their top,
 * so that importing a module builds none (the Worker's start-up, ADR 0080) and a schema costs only where it parses.
 * The value stands in for the built one everywhere (reads, `in`, `instanceof`, zod composing it into another schema),
 * and its type is the built one's. Unlike `z.lazy`, which builds a zod schema at once to defer its inner one, this
 * runs no zod code until first use.
 */
export function onFirstUse<T extends object>(build: () => T): T {
  let built: T | undefined;
  const value = () => (built ??= build());
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(value(), key),
    set: (_, key, next) => Reflect.set(value(), key, next),
    has: (_, key) => Reflect.has(value(), key),
    deleteProperty: (_, key) => Reflect.deleteProperty(value(), key),
    ownKeys: () => Reflect.ownKeys(value()),
    // Reported configurable: a proxy may not call a property fixed that its own (empty) target lacks.
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(value(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
    defineProperty: (_, key, descriptor) => Reflect.defineProperty(value(), key, descriptor),
    getPrototypeOf: () => Reflect.getPrototypeOf(value()),
  });
}
