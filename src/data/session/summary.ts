// What the shell's guards read of the patient session, without the session itself: the shell
// holds these before the data layer (supabase-js, Dexie) has loaded.
import type { CustomerFlags } from '../../domain/setup-state';
import type { AuthState } from '../auth/auth-state';
import type { PullArea } from '../pull/pull';
import type { PullError } from '../pull/queries';

export interface PatientSummary {
  /** whose flags these are: user and assurance level ('' = none) */
  key: string;
  /** ready: the mirror holds a pulled customer area of this user (maybe from an earlier visit) */
  status: 'idle' | 'loading' | 'ready' | 'failed';
  flags: CustomerFlags | null;
  /** the first pull failed and the mirror had nothing of this user */
  error: PullError | null;
}

/** A pull of one area failed (the app layer turns it into a notification). */
export interface PullFailure {
  area: PullArea;
  error: PullError;
}

export const IDLE_SUMMARY: PatientSummary = { key: '', status: 'idle', flags: null, error: null };

/** The flags belong to a user and an assurance level (RLS hides rows from aal1 sessions of two-factor users). */
export const summaryKey = (auth: Pick<AuthState, 'user' | 'aal'>): string => (auth.user ? `${auth.user.id}:${auth.aal.current ?? ''}` : '');
