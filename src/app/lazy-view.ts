// React.lazy for the routed views, with preload(): a view's chunk can be asked for before the
// view first renders (landing.ts asks for the landing route's chunk beside the language
// catalogue). Once the chunk is there the view renders at once: React.lazy would still
// suspend on its first render, show the spinner and, in React 19, hold the view back for up
// to 300 ms after that fallback (its throttle of revealed content). A failed load is tried
// again on the next render.
import { createElement, lazy as reactLazy, type ComponentType } from 'react';
import type { RouteView, ViewProps } from './view-props';

type ViewModule = { default: ComponentType<ViewProps> };

export function lazy(load: () => Promise<ViewModule>): RouteView & { preload: () => Promise<ViewModule> } {
  let loading: Promise<ViewModule> | null = null;
  let loaded: ComponentType<ViewProps> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  const Lazy = reactLazy(preload);
  const View = (props: ViewProps) => createElement(loaded ?? Lazy, props);
  return Object.assign(View, { preload });
}
