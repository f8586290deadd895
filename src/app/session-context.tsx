import { createContext, useContext } from 'react';
import type { AuthState } from '../data/auth/auth-state';
import type { PatientSession } from '../data/session/patient-session';
import type { ReadableStore } from '../lib/store';
import { SIGNED_OUT, type SessionView } from './guards';

export interface SessionContextValue {
  session: SessionView;
  /** absent while signed out; the logout button calls it */
  signOut?: () => void;
}

/** The lazily loaded data layer the shell works with (data/session/app-session.ts appBackend); tests pass their own. */
export interface SessionBackend {
  sessionStore: ReadableStore<AuthState>;
  appSession: Pick<PatientSession, 'start' | 'summary' | 'onPullFailure' | 'signOut' | 'syncState' | 'outboxView' | 'discard' | 'retry' | 'unsentChanges'>;
  /** the device takes the account's language at each sign-in (data/session/account-language.ts); answers the stop */
  startAccountLanguage: () => () => void;
}

// Outside a SessionProvider (tests of single components) the shell runs signed out.
export const SessionContext = createContext<SessionContextValue>({ session: SIGNED_OUT });
export const BackendContext = createContext<SessionBackend | null>(null);

/** What the shell's guards and navigation see of the session. */
export const useSessionView = (): SessionContextValue => useContext(SessionContext);

/** The data layer once it has loaded (null before). */
export const useSessionBackend = (): SessionBackend | null => useContext(BackendContext);
