import type { ComponentType, LazyExoticComponent } from 'react';

/** What the router hands a routed view: its title id and the path's parameters. */
export interface ViewProps {
  titleId: string;
  params: Record<string, string | undefined>;
}

export type RouteView = LazyExoticComponent<ComponentType<ViewProps>>;
