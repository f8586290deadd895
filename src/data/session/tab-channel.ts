// The other tabs of this app in this browser. A sign-out in one tab signs every tab out: they
// share the mirror and the stored session, and a tab left on a profile page with its data
// would be exactly what a sign-out on a shared device must prevent. supabase-js tells the
// other tabs of a server sign-out itself; an offline sign-out (only this device forgets the
// session) would reach nobody without this.
export interface TabMessage {
  type: 'signedOut';
  /** the patient chose it: unsent changes go too */
  explicit: boolean;
}

export interface TabChannel {
  post(message: TabMessage): void;
  /** Returns the unsubscribe. */
  on(listener: (message: TabMessage) => void): () => void;
}

export const TAB_CHANNEL_NAME = 'rezeptpost-session';

const isTabMessage = (data: unknown): data is TabMessage =>
  typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'signedOut';

/** A BroadcastChannel where the browser has one; elsewhere a channel that reaches nobody. */
export function browserTabChannel(name: string = TAB_CHANNEL_NAME): TabChannel {
  const Channel = globalThis.BroadcastChannel;
  if (typeof Channel !== 'function') return { post: () => {}, on: () => () => {} };
  const channel = new Channel(name);
  return {
    post: (message) => channel.postMessage(message),
    on(listener) {
      const handler = (event: MessageEvent) => {
        if (isTabMessage(event.data)) listener(event.data);
      };
      channel.addEventListener('message', handler);
      return () => channel.removeEventListener('message', handler);
    },
  };
}
