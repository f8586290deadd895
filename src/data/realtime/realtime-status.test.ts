import { describe, expect, it } from 'vitest';
import { realtimeConnectedFlag } from './realtime-status';

// spec §8 "Lost realtime connection": the notice is for a lost subscription, not for one joining
describe('realtimeConnectedFlag', () => {
  it('a join under way is no loss, a failed join or socket is one', () => {
    expect(realtimeConnectedFlag('joining')).toBeNull();
    expect(realtimeConnectedFlag('off')).toBeNull();
    expect(realtimeConnectedFlag('connected')).toBe(true);
    expect(realtimeConnectedFlag('disconnected')).toBe(false);
  });
});
