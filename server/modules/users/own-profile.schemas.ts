import { z } from 'zod';
import { PERSONAL_DATA_RULES } from '../../../src/domain/profile';
import { ruledFields } from '../../lib/field-schema';

/** PUT /api/company/{companyId}/user/{userId}: the own personal data, by the profile form's rules. */
export const personalDataBody = z.strictObject(ruledFields(PERSONAL_DATA_RULES)).meta({
  id: 'PersonalDataUpdate',
  description: 'Eigene Personendaten ändern: Anrede, Vor- und Nachname, Geburtsdatum',
});
