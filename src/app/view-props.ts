import type { ComponentType } from 'react';

/** What the router hands a routed view: its title id and the path's parameters. */
export interface ViewProps {
  titleId: string;
  params: Record<string, string | undefined>;
}

/** A routed view, most of them lazily loaded: `preload` fetches the chunk before it renders. */
export type RouteView = ComponentType<ViewProps> & { preload?: () => Promise<unknown> };
