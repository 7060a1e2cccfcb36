/**
 * An object with some of its methods replaced, every other call reaching the real one: how a
 * test holds back, counts or fails what a table asks of its ledger, or keeps a shared browser
 * while closing only its own contexts.
 */
export function withOverrides<T extends object>(target: T, overrides: Partial<T>): T {
  return new Proxy(target, {
    get(real, prop, receiver) {
      if (prop in overrides) return overrides[prop as keyof T];
      const value: unknown = Reflect.get(real, prop, receiver);
      return typeof value === 'function' ? value.bind(real) : value;
    },
  });
}
