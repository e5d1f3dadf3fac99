import { createElement, lazy, type ComponentType } from "react";
import { matchRoutes, type RouteObject } from "react-router-dom";

/** A page loaded on demand that can also be loaded ahead (`preload`), before it is first drawn. */
export type LazyPage = ComponentType & { preload: () => Promise<void> };

/**
 * `name` from the module `load` brings, as a page: drawn through `React.lazy` (suspending until its
 * chunk arrives) until the module is loaded, and directly afterwards. The browser loads the pages of
 * a server-drawn address before hydrating it (`preloadPages`), so hydration never meets a page that
 * is not there yet: a boundary waiting for its chunk cannot take an update, and one that arrives
 * first makes React throw that boundary's server HTML away and draw it again from the fallback.
 */
export function lazyPage<M, K extends keyof M>(load: () => Promise<M>, name: K): LazyPage {
  let loaded: ComponentType | null = null;
  const preload = () =>
    load().then((module) => {
      loaded = module[name] as ComponentType;
    });
  const Lazy = lazy(async () => {
    await preload();
    return { default: loaded as ComponentType };
  });
  function Page(props: object) {
    return createElement(loaded ?? Lazy, props);
  }
  return Object.assign(Page, { preload });
}

const preloadOf = (type: unknown) => (type as Partial<LazyPage> | null | undefined)?.preload;

/** The on-demand pages a route draws: its `Component`, its element, or the element's only child (a `Suspense`'s page). */
function pagesOf(route: RouteObject): (() => Promise<void>)[] {
  const element = route.element as { type?: unknown; props?: { children?: { type?: unknown } } } | null | undefined;
  return [preloadOf(route.Component), preloadOf(element?.type), preloadOf(element?.props?.children?.type)].filter((p) => p !== undefined);
}

/** Loads every on-demand page the routes match for `pathname` (layouts and the page itself). */
export async function preloadPages(routes: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(matches.flatMap((m) => pagesOf(m.route).map((preload) => preload())));
}
