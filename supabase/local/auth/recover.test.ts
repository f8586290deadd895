// POST /recover answers a known and an unknown address in the same time (spec §8: the reset
// "does not reveal whether the e-mail exists"). Tested by its mechanism, not by a stopwatch: with
// the database held, both answers still arrive, so neither can wait for the look-up, the token
// or the mail; the mail follows once the database is free, and only to the known address.
// Through the router the work even waits until the answer has been handed to the socket.
import { describe, expect, it, vi } from 'vitest';
import { configFromEnv } from '../config.ts';
import type { Db, DbSession } from '../db/db.ts';
import { trackAnswer } from '../http.ts';
import { startStack } from '../server.ts';
import { withHarness } from '../test-harness.ts';
import { BASE, codeOf, freshEmail, lastMail, withAuthHarness } from './test-support.ts';

vi.setConfig({ testTimeout: 30_000 });

/** A Db whose every statement waits while the gate is held, and which logs what was asked of it. */
function gated(inner: () => Db) {
  let open: Promise<void> = Promise.resolve();
  let release: () => void = () => {};
  const asked: string[] = [];
  const wait = async (what: string) => {
    asked.push(what);
    await open;
  };
  const session = (s: DbSession): DbSession => ({
    query: async (sql, params) => (await wait(sql), s.query(sql, params)),
    exec: async (sql) => (await wait(sql), s.exec(sql)),
  });
  const db: Db = {
    get kind() {
      return inner().kind;
    },
    ...session({ query: (sql, params) => inner().query(sql, params), exec: (sql) => inner().exec(sql) }),
    transaction: async (fn) => (await wait('begin'), inner().transaction((tx) => fn(session(tx)))),
    listen: (channel, onPayload) => inner().listen(channel, onPayload),
    close: async () => {},
  };
  return {
    db,
    asked,
    hold() {
      open = new Promise((r) => (release = r));
    },
    release: () => release(),
  };
}

const base = withAuthHarness();
const gate = gated(() => base.db);
const logged: string[] = [];
const h = withAuthHarness({}, { log: (line) => void logged.push(line) }, () => gate.db);

/** The answer, or 'held' when it is still waiting after `ms` — it waits for nothing when right. */
async function answerWithin(request: Promise<Response>, ms = 10_000): Promise<{ status: number; body: unknown } | 'held'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'held'>((r) => (timer = setTimeout(() => r('held'), ms)));
  const answer = request.then(async (res) => ({ status: res.status, body: (await res.json()) as unknown }));
  try {
    return await Promise.race([answer, late]);
  } finally {
    clearTimeout(timer);
  }
}

async function signedUp(): Promise<string> {
  const email = freshEmail('known');
  expect((await base.client().auth.signUp({ email, password: 'correct horse 1' })).error).toBeNull();
  return email;
}

describe('POST /recover in equal time', () => {
  it('answers a known and an unknown address while the database is held: nothing before the answer depends on the address', async () => {
    const known = await signedUp();
    const unknown = freshEmail('ghost');
    gate.hold();
    try {
      for (const email of [known, unknown]) {
        gate.asked.length = 0;
        expect(await answerWithin(h.call('POST', '/recover', { body: { email } })), email).toEqual({ status: 200, body: {} });
        // what reached the database by the answer: at most the look-up, waiting — the same for both
        expect(gate.asked.filter((sql) => !/from auth\.users where lower\(email\)/.test(sql)), email).toEqual([]);
      }
      expect(h.mailbox.list(known)).toHaveLength(0);
    } finally {
      gate.release();
    }
    await h.mailbox.settled();
    expect(h.mailbox.list(known)).toHaveLength(1);
    expect(h.mailbox.list(unknown)).toHaveLength(0);
  });

  it('starts the look-up only once the router has sent the answer (PGlite shares the thread with the answer)', async () => {
    const known = await signedUp();
    const req = new Request(`${BASE}/auth/v1/recover`, {
      method: 'POST',
      headers: { apikey: h.config.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: known }),
    });
    const sent = trackAnswer(req);
    gate.asked.length = 0;
    const res = await h.handler(req, '/recover');
    expect(res.status).toBe(200);
    await new Promise((r) => setTimeout(r, 50));
    expect(gate.asked, 'nothing asked of the database before the answer was sent').toEqual([]);
    expect(h.mailbox.list(known)).toHaveLength(0);
    sent();
    await h.mailbox.settled();
    expect(h.mailbox.list(known)).toHaveLength(1);
  });

  it('answers while the mail is on its way: a mailbox that never finishes sending still gets {}', async () => {
    const known = await signedUp();
    const send = h.mailbox.send;
    let sent: () => void = () => {};
    const sending = new Promise<void>((r) => (sent = r));
    h.mailbox.send = async (mail) => {
      await sending;
      return send(mail);
    };
    try {
      expect(await answerWithin(h.call('POST', '/recover', { body: { email: known } }))).toEqual({ status: 200, body: {} });
      expect(h.mailbox.list(known)).toHaveLength(0);
    } finally {
      sent();
      h.mailbox.send = send;
    }
    await h.mailbox.settled();
    expect(h.mailbox.list(known)).toHaveLength(1);
  });

  it('keeps the order of resets in a row: the newest mail holds the valid code', async () => {
    const known = await signedUp();
    for (let i = 0; i < 3; i++) expect((await h.call('POST', '/recover', { body: { email: known } })).status).toBe(200);
    await h.mailbox.settled();
    const mails = h.mailbox.list(known);
    expect(mails).toHaveLength(3);
    const older = codeOf(mails[2]);
    const newest = codeOf(lastMail(h.mailbox, known));
    if (older !== newest) {
      const stale = await h.client().auth.verifyOtp({ email: known, token: older, type: 'recovery' });
      expect(stale.error?.code).toBe('otp_expired');
    }
    const { data, error } = await h.client().auth.verifyOtp({ email: known, token: newest, type: 'recovery' });
    expect(error).toBeNull();
    expect(data.session).toBeTruthy();
  });

  it('logs a reset that fails after its answer; the answer was {} all the same', async () => {
    const known = await signedUp();
    const send = h.mailbox.send;
    h.mailbox.send = async () => {
      throw new Error('mail server down');
    };
    logged.length = 0;
    try {
      expect(await answerWithin(h.call('POST', '/recover', { body: { email: known } }))).toEqual({ status: 200, body: {} });
      await h.mailbox.settled();
    } finally {
      h.mailbox.send = send;
    }
    expect(logged.join('\n')).toMatch(/password-reset mail failed.*mail server down/s);
  });
});

describe('POST /recover through the stack', () => {
  const stack = withHarness(
    () => startStack({ ...configFromEnv({}), host: '127.0.0.1', port: 0, apiUrl: 'http://127.0.0.1:0', dataDir: null, databaseUrl: null }, { seed: false, log: () => {} }),
    (s) => s.stop(),
  );

  it('sends the mail once the answer is out, and the mailbox lists it to the next reader at once', async () => {
    const headers = { apikey: stack.config.anonKey, 'content-type': 'application/json' };
    const email = freshEmail('http');
    const signup = await fetch(`${stack.url}/auth/v1/signup`, { method: 'POST', headers, body: JSON.stringify({ email, password: 'correct horse 1' }) });
    expect(signup.status).toBe(200);
    for (const address of [email, freshEmail('ghost')]) {
      const res = await fetch(`${stack.url}/auth/v1/recover`, { method: 'POST', headers, body: JSON.stringify({ email: address }) });
      expect(await res.json()).toEqual({});
    }
    const listed = (await (await fetch(`${stack.url}/mailbox/api/messages?to=${encodeURIComponent(email)}`)).json()) as { subject: string }[];
    expect(listed).toHaveLength(1);
    expect(stack.mailbox.list()).toHaveLength(1);
  });
});
