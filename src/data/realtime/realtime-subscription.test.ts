import { describe, expect, it, vi } from 'vitest';
import { createRealtimeStatus } from './realtime-status';
import { startRealtime, type RowChange } from './realtime-subscription';

/** A supabase-js stand-in: one channel whose handler and status callback the test drives. */
function fakeClient() {
  let onChange: (payload: unknown) => void = () => {};
  let onState: (state: string) => void = () => {};
  const channel = {
    on: vi.fn((_type: string, _filter: unknown, cb: typeof onChange) => ((onChange = cb), channel)),
    subscribe: vi.fn((cb: typeof onState) => ((onState = cb), channel)),
  };
  const client = { channel: vi.fn(() => channel), removeChannel: vi.fn(async () => 'ok') };
  return { client, channel, change: (p: unknown) => onChange(p), state: (s: string) => onState(s) };
}

describe('startRealtime', () => {
  it('one channel on schema public; hands on each change as it came (the old row for a DELETE), reports the status, rejoin asks for a reload', async () => {
    const f = fakeClient();
    const status = createRealtimeStatus();
    const seen: string[] = [];
    status.subscribe(() => seen.push(status.get()));
    const changes: RowChange[] = [];
    const onJoined = vi.fn();
    const handle = startRealtime({ client: f.client as never, userId: 'u1', onChange: (a) => changes.push(a), onJoined, status });
    expect(f.channel.on).toHaveBeenCalledWith('postgres_changes', { event: '*', schema: 'public' }, expect.any(Function));
    f.state('SUBSCRIBED');
    f.change({ table: 'webshop_customer_address', eventType: 'UPDATE', new: { customer_id: 'u1' }, old: {} });
    f.change({ table: 'webshop_order', eventType: 'DELETE', new: {}, old: { customer_id: 'u1' } });
    f.change({ table: 'webshop_order', eventType: 'INSERT', new: { customer_id: 'u2' }, old: {} });
    f.change({ table: 'pharmindex', eventType: 'UPDATE', new: {}, old: {} });
    expect(changes).toEqual([
      { table: 'webshop_customer_address', type: 'UPDATE', row: { customer_id: 'u1' } },
      { table: 'webshop_order', type: 'DELETE', row: { customer_id: 'u1' } },
      { table: 'webshop_order', type: 'INSERT', row: { customer_id: 'u2' } },
      { table: 'pharmindex', type: 'UPDATE', row: {} },
    ]);
    f.state('CHANNEL_ERROR');
    f.state('SUBSCRIBED');
    expect(onJoined).toHaveBeenCalledTimes(2);
    await handle.stop();
    expect(f.client.removeChannel).toHaveBeenCalledWith(f.channel);
    f.change({ table: 'webshop_order', eventType: 'INSERT', new: { customer_id: 'u1' }, old: {} });
    expect(changes).toHaveLength(4);
    expect(seen).toEqual(['joining', 'connected', 'disconnected', 'connected', 'off']);
  });
});
