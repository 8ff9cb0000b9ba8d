import type { RouteOptions } from 'fastify';

/** The app's routes as registered (pass `collect` as buildApp's `onRoute`): the security tests are built from it. */
export interface CollectedRoute {
  method: string;
  url: string;
  schema: RouteOptions['schema'];
}

export function routeCollector(): { routes: CollectedRoute[]; collect: (route: RouteOptions) => void } {
  const routes: CollectedRoute[] = [];
  const collect = (route: RouteOptions) => {
    for (const method of [route.method].flat()) {
      if (!routes.some((r) => r.method === method && r.url === route.url)) routes.push({ method, url: route.url, schema: route.schema });
    }
  };
  return { routes, collect };
}

/** Harmless values for path parameters, by name. */
export const placeholders: Record<string, string> = {
  code: 'C000001', email: 'x@example.com', invNum: '12001', coupon: 'WELCOME10', orderNum: '100001', num: '12001', name: 'latex', file: 'latex', id: '1',
};

/** A concrete path for a route pattern; a parameter without a value fails the test that meets it. */
export function pathFor(url: string, values: Record<string, string> = placeholders): string {
  return url
    .replace(/:(\w+)/g, (_m, name: string) => {
      const v = values[name];
      if (v === undefined) throw new Error(`route ${url}: no value for :${name}; add one to the security tests`);
      return encodeURIComponent(v);
    })
    .replace('*', 'anything');
}
