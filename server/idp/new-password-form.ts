import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_RULES } from '../../src/domain/password';
import { escapeHtml } from './login-page';

/**
 * What the set-password page (a mailed link) and the update-password page (kc_action) share: the
 * new password twice, with Keycloak's field names, the rules below it and the error alert.
 */

/** The two fields, longer than the rule allows, so that an over-long password gets the rule's message, not a 400. */
export const newPasswordFields = {
  'password-new': z
    .string()
    .max(PASSWORD_MAX_LENGTH * 8)
    .default(''),
  'password-confirm': z
    .string()
    .max(PASSWORD_MAX_LENGTH * 8)
    .default(''),
};

/** The German errors of the last submit, announced to screen readers; empty without errors. */
export function renderErrorAlert(errors: readonly string[]): string {
  return errors.length
    ? `<div class="alert" id="input-error" role="alert">${errors.map(escapeHtml).join('<br>')}</div>`
    : '';
}

export interface NewPasswordInputsOptions {
  labels: { password: string; passwordRepeat: string; rulesHeading: string };
  errors: readonly string[];
  /** The first field of the page gets the focus: the new password here, unless a field comes before it. */
  autofocus: boolean;
}

/** 'password-new', 'password-confirm' and the rules they are described by. */
export function renderNewPasswordInputs({ labels, errors, autofocus }: NewPasswordInputsOptions): string {
  const invalid = errors.length ? ' aria-invalid="true" aria-describedby="input-error password-rules"' : '';
  const described = errors.length ? '' : ' aria-describedby="password-rules"';
  return `<label for="password-new">${labels.password}</label>
<input id="password-new" name="password-new" type="password" autocomplete="new-password" required${autofocus ? ' autofocus' : ''}${invalid}${described}>
<label for="password-confirm">${labels.passwordRepeat}</label>
<input id="password-confirm" name="password-confirm" type="password" autocomplete="new-password" required${invalid}>
<div id="password-rules">
<p>${labels.rulesHeading}</p>
<ul>
${PASSWORD_RULES.map((rule) => `<li>${escapeHtml(rule)}</li>`).join('\n')}
</ul>
</div>`;
}
