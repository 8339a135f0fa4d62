import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../../src/domain/password';

/**
 * What the set-password page (a mailed link) and the update-password page (kc_action) share: the
 * new password twice, with Keycloak's field names. The fields themselves, the rules below them and
 * the error alert are the partials views/idp/new-password-inputs.eta and error-alert.eta.
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
