import type { ComponentType } from 'react';

/** What the router hands a routed view: its title id and the path's parameters. */
export interface ViewProps {
  titleId: string;
  params: Record<string, string | undefined>;
}

/** A lazily loaded view (React.lazy or lazy-view.ts, whose `preload` asks for its chunk ahead of the first render). */
export type RouteView = ComponentType<ViewProps> & { preload?: () => Promise<unknown>; loaded?: () => boolean };
