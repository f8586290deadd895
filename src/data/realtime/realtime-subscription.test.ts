import { describe, expect, it, vi } from 'vitest';
import { createRealtimeStatus } from './realtime-status';
import { areaOfTable, concernsUser, startRealtime } from './realtime-subscription';

// spec §4 Realtime: webshop_cust* reloads the customer, webshop_order* the orders
describe('areaOfTable', () => {
  it.each([
    ['webshop_customers', 'customer'],
    ['webshop_customer_address', 'customer'],
    ['webshop_customer_medication', 'customer'],
    ['webshop_order', 'orders'],
    ['webshop_order_item', 'orders'],
    ['pharmindex', null],
    ['webshop_other', null],
  ])('%s -> %s', (table, area) => expect(areaOfTable(table)).toBe(area));
});

describe('concernsUser', () => {
  it('a row naming another customer does not concern the user; rows without a customer do', () => {
    expect(concernsUser('webshop_customer_address', { customer_id: 'u1' }, 'u1')).toBe(true);
    expect(concernsUser('webshop_customer_address', { customer_id: 'u2' }, 'u1')).toBe(false);
    expect(concernsUser('webshop_customers', { id: 'u2' }, 'u1')).toBe(false);
    expect(concernsUser('webshop_order_item', { order_id: 5 }, 'u1')).toBe(true);
    expect(concernsUser('webshop_order', {}, 'u1')).toBe(true);
  });
});

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
  it('one channel on schema public; routes changes by table, reports the status, rejoin asks for a reload', async () => {
    const f = fakeClient();
    const status = createRealtimeStatus();
    const seen: string[] = [];
    status.subscribe(() => seen.push(status.get()));
    const changes: string[] = [];
    const onJoined = vi.fn();
    const handle = startRealtime({ client: f.client as never, userId: 'u1', onChange: (a) => changes.push(a), onJoined, status });
    expect(f.channel.on).toHaveBeenCalledWith('postgres_changes', { event: '*', schema: 'public' }, expect.any(Function));
    f.state('SUBSCRIBED');
    f.change({ table: 'webshop_customer_address', eventType: 'UPDATE', new: { customer_id: 'u1' }, old: {} });
    f.change({ table: 'webshop_order', eventType: 'DELETE', new: {}, old: { customer_id: 'u1' } });
    f.change({ table: 'webshop_order', eventType: 'INSERT', new: { customer_id: 'u2' }, old: {} });
    f.change({ table: 'pharmindex', eventType: 'UPDATE', new: {}, old: {} });
    expect(changes).toEqual(['customer', 'orders']);
    f.state('CHANNEL_ERROR');
    f.state('SUBSCRIBED');
    expect(onJoined).toHaveBeenCalledTimes(2);
    await handle.stop();
    expect(f.client.removeChannel).toHaveBeenCalledWith(f.channel);
    f.change({ table: 'webshop_order', eventType: 'INSERT', new: { customer_id: 'u1' }, old: {} });
    expect(changes).toHaveLength(2);
    expect(seen).toEqual(['disconnected', 'connected', 'disconnected', 'connected', 'off']);
  });
});
