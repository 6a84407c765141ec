// The one harness for unit specs of services: `newTestService(Service)` builds the service with every
// constructor dependency replaced by a plain fake, whose methods are jest mocks created on first use.
// A spec sets what it needs (`mocks.get(UsersRepository).findById.mockResolvedValue(...)`) and asserts on
// the calls. Values a fake cannot stand for (configuration, a clock) are passed in `provide`.
import 'reflect-metadata';
import { jest } from '@jest/globals';

type Token = abstract new (...args: never[]) => unknown;
type AnyFn = (...args: never[]) => unknown;

/** A fake of T: each method a jest mock with T's signature; other properties as set by the spec. */
export type Fake<T> = { -readonly [K in keyof T]: T[K] extends AnyFn ? jest.Mock<T[K]> & T[K] : T[K] };

/** A fake whose methods spring into being as jest mocks when first read (cached, so asserts see the calls). */
export function fake<T>(init: Partial<T> = {}): Fake<T> {
  const made = new Map<string | symbol, unknown>(Object.entries(init));
  return new Proxy({} as Fake<T>, {
    get(_t, key) {
      if (key === 'then') return undefined; // not a thenable: `await fake` must not call a mock
      if (!made.has(key)) made.set(key, jest.fn());
      return made.get(key);
    },
    set(_t, key, value) {
      made.set(key, value);
      return true;
    },
    has: (_t, key) => made.has(key),
  });
}

interface SelfParam {
  index: number;
  param: unknown;
}

/**
 * Builds `Service` from its constructor metadata (`design:paramtypes`, and `@Inject(token)` parameters),
 * giving each parameter `provide.get(token)` when present and a fresh `fake()` otherwise.
 * `mocks.get(token)` returns what the service received for that token.
 */
export function newTestService<C extends new (...args: never[]) => unknown>(
  Service: C,
  provide: ReadonlyArray<readonly [unknown, unknown]> = [],
): { sut: InstanceType<C>; mocks: { get<M>(token: Token | string | symbol): Fake<M> } } {
  const types = (Reflect.getMetadata('design:paramtypes', Service) ?? []) as unknown[];
  const injected = (Reflect.getMetadata('self:paramtypes', Service) ?? []) as SelfParam[];
  const given = new Map<unknown, unknown>(provide);
  const byToken = new Map<unknown, unknown>();
  const args = types.map((type, i) => {
    const token = injected.find((p) => p.index === i)?.param ?? type;
    if (!byToken.has(token)) byToken.set(token, given.has(token) ? given.get(token) : fake());
    return byToken.get(token);
  });
  const sut = new Service(...(args as never[])) as InstanceType<C>;
  return {
    sut,
    mocks: {
      get<M>(token: Token | string | symbol): Fake<M> {
        if (!byToken.has(token)) throw new Error(`${Service.name} takes no ${String((token as { name?: string }).name ?? token)}`);
        return byToken.get(token) as Fake<M>;
      },
    },
  };
}
