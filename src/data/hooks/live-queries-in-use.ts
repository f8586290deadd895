// Whether a screen has asked for the live queries (mirror-live-load.ts), in a module of its own: the
// app's entry asks it for a navigation's read ahead (app/prepare-route.ts) without taking the
// loader's code into the first load.
let asked = false;

export const liveQueriesAsked = (): boolean => asked;

export function markLiveQueriesAsked(now: boolean): void {
  asked = now;
}
