/**
 * A real ledger with some of its methods replaced: how a test holds back, counts or fails what
 * a table asks of its ledger, while every other call reaches the database as usual.
 */
export function ledgerWith<L extends object>(ledger: L, overrides: Partial<L>): L {
  return new Proxy(ledger, {
    get(target, prop, receiver) {
      if (prop in overrides) return overrides[prop as keyof L];
      const value: unknown = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
