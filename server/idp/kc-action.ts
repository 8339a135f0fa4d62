import type Provider from 'oidc-provider';
import { errors, interactionPolicy, type KoaContextWithOIDC } from 'oidc-provider';

/**
 * Keycloak's application-initiated actions (AIA): the client adds `kc_action=<action>` to an
 * ordinary authorization request; the provider logs the user in if needed, shows the action's
 * page, and answers the client as usual (a code), with `kc_action` and `kc_action_status`
 * (`success` or `cancelled`) added to the redirect. keycloak-js starts one with
 * `login({ action })` and reports the status to `onActionUpdate`. The embedded provider supports
 * the actions the portal uses: UPDATE_PASSWORD and CONFIGURE_TOTP (set up, or replace, the
 * authenticator app of the second factor).
 */
export const UPDATE_PASSWORD = 'UPDATE_PASSWORD';
export const CONFIGURE_TOTP = 'CONFIGURE_TOTP';
export const SUPPORTED_KC_ACTIONS: readonly string[] = [UPDATE_PASSWORD, CONFIGURE_TOTP];

/** The interaction prompt of UPDATE_PASSWORD (interactions.ts shows its page). */
export const UPDATE_PASSWORD_PROMPT = 'update_password';
/** The interaction prompt of CONFIGURE_TOTP (interactions.ts shows the set-up page). */
export const CONFIGURE_TOTP_PROMPT = 'configure_totp';

export type KcActionStatus = 'success' | 'cancelled';

/** What the action's page hands to interactionResult, and the resumed authorization reads. */
export interface KcActionResult {
  kcAction: { action: string; status: KcActionStatus };
}

/** The `extraParams` validator: an action the provider does not support is refused (invalid_request). */
export function validateKcAction(_ctx: KoaContextWithOIDC, value: string | undefined): void {
  if (value !== undefined && !SUPPORTED_KC_ACTIONS.includes(value)) {
    throw new errors.InvalidRequest('kc_action is not supported');
  }
}

function kcActionOf(ctx: KoaContextWithOIDC): string | undefined {
  const value = ctx.oidc.params?.kc_action;
  return typeof value === 'string' ? value : undefined;
}

function answeredAction(ctx: KoaContextWithOIDC): KcActionResult['kcAction'] | undefined {
  const answer = ctx.oidc.result?.kcAction as KcActionResult['kcAction'] | undefined;
  return answer && answer.action === kcActionOf(ctx) ? answer : undefined;
}

/**
 * oidc-provider's interaction policy with one more prompt per action after login and consent: a
 * request with kc_action=UPDATE_PASSWORD (CONFIGURE_TOTP) always shows the password (set-up) page
 * once, also when the user is signed in already; its answer (success or cancelled) lets the
 * authorization finish.
 */
export function interactionPolicyWithKcAction(): interactionPolicy.Prompt[] {
  const { Check, Prompt, base } = interactionPolicy;
  const policy = base();
  const actionPrompt = (action: string, prompt: string, description: string) =>
    new Prompt(
      { name: prompt, requestable: false },
      new Check(`kc_action_${action.toLowerCase()}`, description, 'interaction_required', (ctx) =>
        kcActionOf(ctx) === action && !answeredAction(ctx) ? Check.REQUEST_PROMPT : Check.NO_NEED_TO_PROMPT,
      ),
    );
  policy.add(actionPrompt(UPDATE_PASSWORD, UPDATE_PASSWORD_PROMPT, 'the client asked the user to change the password'));
  policy.add(
    actionPrompt(CONFIGURE_TOTP, CONFIGURE_TOTP_PROMPT, 'the client asked the user to set up the second factor'),
  );
  return policy;
}

/**
 * Adds Keycloak's `kc_action` and `kc_action_status` to the authorization response. oidc-provider
 * emits 'authorization.success' with the response parameters just before it redirects with them
 * (lib/actions/authorization/respond.js of the pinned 9.13.3); the API tests guard this.
 */
export function reportKcActionStatus(provider: Provider): void {
  provider.on('authorization.success', (ctx, response) => {
    const answer = answeredAction(ctx);
    if (!answer || !response) return;
    response.kc_action = answer.action;
    response.kc_action_status = answer.status;
  });
}
