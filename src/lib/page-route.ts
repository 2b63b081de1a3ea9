/** The route-table entry of the page being rendered (used by layouts and components at build time). */
import { paths } from './shared/paths.ts';
import { findRoute, type RouteMeta } from './shared/routes.ts';

export function pageRoute(pathname: string, dev: boolean = import.meta.env.DEV): RouteMeta {
  const route = findRoute(pathname);
  if (route) return route;
  // `astro dev` renders the 404 page at the unknown URL itself; a built page always has a route.
  const notFound = findRoute(paths.notFound());
  if (dev && notFound) return notFound;
  throw new Error(`No route in ROUTES for page ${pathname}`);
}
