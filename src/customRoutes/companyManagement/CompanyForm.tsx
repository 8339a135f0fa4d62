import Box from '@mui/material/Box';
import { useQueryClient } from '@tanstack/react-query';
import { Form, SaveButton, SelectInput, TextInput, useUpdate, type Validator } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { useDialogs } from '../../components/dialogs';
import { passesRules, ruleValidator } from '../../components/form';
import { COMPANY_FIELD_RULES, type CompanyField, type CompanyInput } from '../../domain/company';
import { COUNTRIES, LEGAL_FORMS } from '../../domain/options';
import { COMPANIES_RESOURCE } from '../../resources/companies/names';
import { companyHistoryKey } from '../../resources/companies/companyHistoryKey';
import type { Company } from '../../resources/companies/types';

const FIELDS = Object.keys(COMPANY_FIELD_RULES) as CompanyField[];

// Created once: react-admin re-registers an input whose validate prop changes identity.
const validate = Object.fromEntries(
  FIELDS.map((field) => [field, ruleValidator(COMPANY_FIELD_RULES[field])]),
) as Record<CompanyField, Validator>;

const choicesOf = (options: readonly string[]) => options.map((option) => ({ id: option, name: option }));
const LEGAL_FORM_CHOICES = choicesOf(LEGAL_FORMS);
const COUNTRY_CHOICES = choicesOf(COUNTRIES);

/** PUT /company/{id} takes the company fields of spec section 3 and no id; empty optional fields as ''. */
function toCompanyInput(values: Record<string, unknown>): CompanyInput {
  return Object.fromEntries(
    FIELDS.map((field) => [field, typeof values[field] === 'string' ? values[field] : '']),
  ) as unknown as CompanyInput;
}

const PHONE_HINT = 'app.companyManagement.phoneHint';

/**
 * The Owner's company form (spec "Company"): every field of section 2 with the legal-form and
 * country selects, checked by the rules the server applies (COMPANY_FIELD_RULES). 'Änderungen
 * übernehmen' stays disabled until a field was changed and while any field is invalid.
 */
export function CompanyForm({ company }: { company: Company }) {
  const [update] = useUpdate<Company>();
  const queryClient = useQueryClient();
  const { showError, showSuccess } = useDialogs();

  const save = async (values: Record<string, unknown>) => {
    try {
      await update(
        COMPANIES_RESOURCE,
        { id: company.id, data: toCompanyInput(values), previousData: company },
        { mutationMode: 'pessimistic', returnPromise: true },
      );
    } catch (error) {
      void showError(error);
      return;
    }
    // The updated record comes back from the PUT; the form starts over from it (unchanged again).
    void queryClient.invalidateQueries({ queryKey: companyHistoryKey(company.id) });
    void showSuccess({ text: 'app.companyManagement.savedText' });
  };

  return (
    <Form record={company} onSubmit={save} mode="onChange">
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
          alignItems: 'start',
          columnGap: 3,
          // Room between a helper text and the label of the field below it. Text inputs have no
          // vertical margin; the selects get none either (react-admin gives them 'dense'), so the
          // two columns line up.
          rowGap: 1,
          maxWidth: 960,
        }}
      >
        <TextInput source="name" validate={validate.name} autoComplete="organization" />
        <SelectInput source="legalForm" choices={LEGAL_FORM_CHOICES} validate={validate.legalForm} margin="none" />
        <TextInput
          source="address"
          validate={validate.address}
          helperText="app.companyManagement.addressHint"
          autoComplete="street-address"
        />
        <SelectInput source="country" choices={COUNTRY_CHOICES} validate={validate.country} margin="none" />
        <TextInput source="phoneNumber" type="tel" validate={validate.phoneNumber} helperText={PHONE_HINT} />
        <TextInput source="phoneNumber2" type="tel" validate={validate.phoneNumber2} helperText={PHONE_HINT} />
        <TextInput source="website" type="url" validate={validate.website} autoComplete="url" />
        <TextInput source="memberId" validate={validate.memberId} />
      </Box>
      <SaveChangesButton />
    </Form>
  );
}

/**
 * react-admin's SaveButton already waits for a change (and for a running save); validity comes
 * from the domain rules on the watched values, as LumioFormToolbar does with a schema.
 */
function SaveChangesButton() {
  const values = useWatch() as Record<string, unknown>;
  const valid = passesRules(COMPANY_FIELD_RULES, values);
  return (
    <Box sx={{ mt: 1 }}>
      <SaveButton label="app.companyManagement.save" disabled={!valid} />
    </Box>
  );
}
