import { useCallback, useEffect } from 'react';
import { afterScreenShown } from '../../lib/screen-shown';
import type { CustomerId } from '../../domain/entities';
import { err, type Result } from '../../domain/result';
import type { OutboxContext, Queued } from '../outbox/commands';
import { appOutboxContext, preloadAppOutboxContext } from '../outbox/app-context';
import { useDataOwner } from './use-session';

/** A command of outbox/commands.ts: context, the patient, then its own arguments. */
export type OutboxCommandFn<A extends unknown[], E extends string> = (ctx: OutboxContext, customerId: CustomerId, ...args: A) => Promise<Result<Queued, E>>;

/** No patient is signed in (the session ended while the form was open): nothing was queued. */
export type SignedOutError = 'signed_out';

/**
 * A command bound to the app's outbox and the signed-in patient, for a form: call it with the
 * command's own arguments; it resolves once the local write and its outbox entry committed
 * (never waiting for the network) with the command's Result, so the form can show the error
 * code's message at the right place (src/domain/reason-text.ts).
 */
export function useCommand<A extends unknown[], E extends string>(command: OutboxCommandFn<A, E>): (...args: A) => Promise<Result<Queued, E | SignedOutError>> {
  const userId = useDataOwner();
  useEffect(() => afterScreenShown(preloadAppOutboxContext), []);
  return useCallback(
    async (...args: A) => (userId ? command(await appOutboxContext(), userId, ...args) : err<SignedOutError>('signed_out')),
    [command, userId],
  );
}
