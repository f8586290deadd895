// @vitest-environment happy-dom
// When the shell loads the data layer (backend-demand.ts): a visitor on a public page only on
// the first interaction; a route that is not public, or a stored session, at once.
import { act, render, waitFor } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SIGNED_OUT_STATE } from '../data/auth/auth-state';
import { storedSessionKey } from '../data/stored-session';
import { SessionProvider } from './session-provider';
import { fakeBackend } from './test-backend';

const { backend } = fakeBackend(SIGNED_OUT_STATE);

const loadBackend = vi.hoisted(() => vi.fn());
vi.mock('./backend-demand', async (original) => ({ ...(await original<typeof import('./backend-demand')>()), loadBackend }));

async function shellAt(path: string) {
  const memory = memoryLocation({ path });
  await act(async () => {
    render(
      <Router hook={memory.hook}>
        <SessionProvider>
          <p>page</p>
        </SessionProvider>
      </Router>,
    );
  });
  return memory;
}

describe('SessionProvider: loading the data layer on demand', () => {
  beforeEach(() => {
    loadBackend.mockReset().mockResolvedValue(backend);
    localStorage.clear();
  });
  afterEach(() => localStorage.clear());

  it('a visitor on a public page: not before the first interaction', async () => {
    await shellAt('/generics');
    expect(loadBackend).not.toHaveBeenCalled();
    await act(async () => window.dispatchEvent(new Event('pointerdown')));
    expect(loadBackend).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(backend.appSession.start).toHaveBeenCalled());
  });

  it('at once on a route that is not public, and on going to one', async () => {
    await shellAt('/dashboard');
    expect(loadBackend).toHaveBeenCalledTimes(1);
    loadBackend.mockClear();
    const memory = await shellAt('/');
    expect(loadBackend).not.toHaveBeenCalled();
    await act(async () => memory.navigate('/prescriptions'));
    expect(loadBackend).toHaveBeenCalledTimes(1);
  });

  it('at once for a stored session on a public page', async () => {
    localStorage.setItem(storedSessionKey(), JSON.stringify({ access_token: 'a', refresh_token: 'r', user: { id: 'u1' } }));
    await shellAt('/');
    expect(loadBackend).toHaveBeenCalledTimes(1);
  });
});
