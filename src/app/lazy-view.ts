// A lazily loaded component for the routed views and the shell's stand-in screens, with
// preload(): a view's chunk can be asked for before the view first renders (landing.ts asks
// for the landing route's chunk beside the language catalogue). Once the chunk is there the
// view renders at once: React.lazy would still suspend on its first render and show the spinner.
//
// Unlike React.lazy, a chunk that failed to arrive is
// not failed for the life of the page: the failure is shown (the view's error boundary) until
// the browser is back online or somebody asks for the chunk again, then the next render loads
// it anew. It is kept until then on purpose: a failure forgotten at once would make every render
// ask again — a boundary that re-renders its children on an error would never see one, and the
// page would ask for the chunk in a loop while offline.
import { createElement, type ComponentType, type ReactElement } from 'react';

type Module<P> = { default: ComponentType<P> };

export type LazyComponent<P> = ((props: P) => ReactElement) & {
  preload: () => Promise<Module<P>>;
  /** whether the chunk is there: a render now does not suspend */
  loaded: () => boolean;
};

export function lazy<P extends object>(
  load: () => Promise<Module<P>>,
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> = globalThis,
): LazyComponent<P> {
  let loading: Promise<Module<P>> | null = null;
  let loaded: ComponentType<P> | null = null;
  let failure: { error: unknown } | null = null;
  const forgetFailure = () => {
    failure = null;
    target.removeEventListener('online', forgetFailure);
  };
  const preload = (): Promise<Module<P>> => {
    if (failure) forgetFailure();
    return (loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        loading = null;
        failure = { error };
        target.addEventListener('online', forgetFailure);
        throw error;
      },
    ));
  };
  const View = (props: P): ReactElement => {
    if (loaded) return createElement(loaded, props);
    if (failure) throw failure.error;
    // suspends: the nearest Suspense shows its fallback and renders again once the chunk settled
    throw (loading ?? preload()).catch(() => undefined);
  };
  return Object.assign(View, { preload, loaded: () => loaded !== null });
}
