import { createContext, useContext } from 'react';
import { SIGNED_OUT, type SessionView } from './guards';

export interface SessionContextValue {
  session: SessionView;
  /** absent while signed out; the logout button calls it */
  signOut?: () => void;
}

// The authentication issue provides the real value from the Supabase auth listener;
// until then the shell runs signed out.
export const SessionContext = createContext<SessionContextValue>({ session: SIGNED_OUT });

export const useSession = (): SessionContextValue => useContext(SessionContext);
