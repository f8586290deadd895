import { createContext, useContext } from 'react';
import type { SessionView } from './guards';

/**
 * The build's server render of a route as a signed-in patient will see it first
 * (src/server-render.tsx): the shell with this session, and in place of a signed-in route's view
 * its frame (route-frame.tsx) — the view itself needs the patient's data, which only the device has.
 */
export interface ServerRender {
  session: SessionView;
}

export const ServerRenderContext = createContext<ServerRender | null>(null);

export const useServerRender = (): ServerRender | null => useContext(ServerRenderContext);
