// /functions/v1/<name> of the local stack: the same handlers the Deno edge functions run
// (supabase/functions/_shared), behind the checks of the Supabase CLI's edge-runtime gateway
// (supabase/cli internal/functions/serve/templates/main.ts):
// - unknown function: 404 text/plain "Function not found";
// - verify_jwt (from supabase/config.toml [functions.<name>], default true), skipped for
//   OPTIONS: no Authorization header -> 401 {"msg":"Error: Missing authorization header"},
//   not "Bearer <token>" -> 401 {"msg":"Error: Auth header is not 'Bearer {token}'"},
//   bad signature or expired -> 401 {"msg":"Invalid JWT"};
// - a handler that throws: 500 {"code":"WORKER_ERROR", "message": ...}.
// The handlers reach PostgREST over HTTP at config.apiUrl, as hosted functions do.
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import type { StackConfig } from '../config.ts';
import type { Db } from '../db/db.ts';
import { verifyJwt } from '../jwt.ts';
import type { Mailbox } from '../mailbox.ts';
import type { FunctionEnv, FunctionHandler } from '../../functions/_shared/env.ts';
import { readConfigToml, tableAt, tomlBoolean, type TomlTable } from '../config-toml.ts';
import { handlePrescriptionLocationMail } from '../../functions/_shared/prescription-location-mail.ts';
import { handleWebshopGenericMeds } from '../../functions/_shared/webshop-generic-meds.ts';
import { handleWebshopOrder } from '../../functions/_shared/webshop-order.ts';
import { handleDoseReminders } from '../../functions/_shared/dose-reminders.ts';
import { handleDoseReminderAction } from '../../functions/_shared/dose-reminder-action.ts';
import { handleEPrescription } from '../../functions/_shared/eprescription.ts';
import { handleCaregiverInvite } from '../../functions/_shared/caregiver-invite.ts';

export const FUNCTIONS: Record<string, FunctionHandler> = {
  webshopOrder: handleWebshopOrder,
  webshopGenericMeds: handleWebshopGenericMeds,
  prescriptionLocationMail: handlePrescriptionLocationMail,
  doseReminders: handleDoseReminders,
  doseReminderAction: handleDoseReminderAction,
  ePrescription: handleEPrescription,
  caregiverInvite: handleCaregiverInvite,
};

/** [functions.<slug>] verify_jwt = true|false of a parsed config.toml. */
export function verifyJwtSettings(toml: TomlTable): Record<string, boolean> {
  const settings: Record<string, boolean> = {};
  for (const slug of Object.keys(tableAt(toml, 'functions'))) {
    const value = tomlBoolean(tableAt(toml, `functions.${slug}`), 'verify_jwt', `[functions.${slug}]`);
    if (value !== undefined) settings[slug] = value;
  }
  return settings;
}

const gatewayError = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export function createFunctionsHandler(deps: {
  db: Db;
  config: StackConfig;
  mailbox: Mailbox;
  /** parsed config.toml; supabase/config.toml when omitted */
  configToml?: TomlTable;
}): (req: Request, name: string) => Promise<Response> {
  const { config, mailbox } = deps;
  const verify = verifyJwtSettings(deps.configToml ?? readConfigToml());
  const env: FunctionEnv = {
    SUPABASE_URL: config.apiUrl,
    apiKey: config.anonKey,
    secretKey: config.serviceRoleKey,
    // the stack signs with its HS256 secret only: callers are checked by its auth server (caller.ts)
    jwks: null,
    sendMail: async (mail) => {
      await mailbox.send(mail);
    },
    // Node 20 has no global WebSocket, which supabase-js's realtime client insists on.
    // made at first start and kept beside the data folder (reminder-secrets-file.ts)
    reminders: config.reminders ?? null,
    allowLoopbackPush: config.allowLoopbackPush,
    createClient: ((url: string, key: string, options?: Parameters<typeof createClient>[2]) =>
      createClient(url, key, { ...options, realtime: { transport: WebSocket as never, ...options?.realtime } })) as typeof createClient,
  };

  return async (req, name) => {
    const handler = Object.hasOwn(FUNCTIONS, name) ? FUNCTIONS[name] : undefined;
    if (!handler) return new Response('Function not found', { status: 404, headers: { 'content-type': 'text/plain' } });
    if (req.method !== 'OPTIONS' && (verify[name] ?? true)) {
      const header = req.headers.get('authorization');
      if (!header) return gatewayError(401, { msg: 'Error: Missing authorization header' });
      const [scheme, token] = header.split(' ');
      if (scheme !== 'Bearer') return gatewayError(401, { msg: "Error: Auth header is not 'Bearer {token}'" });
      try {
        await verifyJwt(token ?? '', config.jwtSecret);
      } catch {
        return gatewayError(401, { msg: 'Invalid JWT' });
      }
    }
    try {
      return await handler(req, env);
    } catch (error) {
      console.error(`[functions] ${name} failed`, error);
      return gatewayError(500, { code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' });
    }
  };
}
