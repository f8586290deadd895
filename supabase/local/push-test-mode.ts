// The dose reminders' test mode of the local stack (ALLOW_LOOPBACK_PUSH, issue 37 item 2): push
// endpoints on 127.0.0.1 — the tests' stand-in push service — are accepted by the table's rules
// only while private.push_test_endpoints has its row (migration 20261126100200_push_endpoints.sql).
// Written at every start, so a data folder kept from a start in test mode does not stay open to
// loopback endpoints; a hosted project has no such writer and refuses them.
import type { Db } from './db/db.ts';

export async function setPushTestMode(db: Db, allowLoopback: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('delete from private.push_test_endpoints');
    if (allowLoopback) await tx.query('insert into private.push_test_endpoints (allowed) values (true)');
  });
}
