import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { Form, SelectInput, TextInput, useFormIsDirty, useTranslate, type Validator } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { LumioDialog } from '../../components/dialogs';
import { passesRules, ruleValidator } from '../../components/form';
import { STORE_FIELD_RULES, type StoreInput } from '../../domain/company';
import { COUNTRIES } from '../../domain/options';
import { SystemIntegratorSelect } from './SystemIntegratorSelect';
import type { Store } from './types';

const T = 'app.stores';

// Created once: react-admin re-registers an input whose validate prop changes identity.
const validate: Record<keyof typeof STORE_FIELD_RULES, Validator> = {
  name: ruleValidator(STORE_FIELD_RULES.name),
  address: ruleValidator(STORE_FIELD_RULES.address),
  country: ruleValidator(STORE_FIELD_RULES.country),
};
const COUNTRY_CHOICES = COUNTRIES.map((country) => ({ id: country, name: country }));

/** What the API takes: the three fields and the integrator, none chosen as null. */
function toStoreInput(values: Record<string, unknown>): StoreInput {
  const text = (field: string) => (typeof values[field] === 'string' ? (values[field] as string) : '');
  return {
    name: text('name'),
    address: text('address'),
    country: text('country'),
    systemIntegratorId: text('systemIntegratorId') || null,
  };
}

export interface StoreDialogProps {
  /** The studio to change (updateStore), or null to add one (addStore). */
  store: Store | null;
  /** Resolves true when the studio was saved; the dialog then closes. */
  onSave: (store: Store | null, input: StoreInput) => Promise<boolean>;
  /** Only in updateStore: deleting from the dialog (on a phone there is no row action). */
  onDelete?: (store: Store) => Promise<boolean>;
  isPending: boolean;
  onClose: () => void;
}

/**
 * Dialogs addStore and updateStore (spec "Dialogs"): name, address, country and, optionally, the
 * serving system integrator. Save stays disabled while a field breaks its rule (src/domain/company.ts,
 * the server's rules) and, when changing, while nothing differs from the studio. Mount it anew for
 * each studio (key), so the form starts from that studio's values.
 */
export function StoreDialog({ store, onSave, onDelete, isPending, onClose }: StoreDialogProps) {
  const translate = useTranslate();
  const record = store ?? { name: '', address: '', country: '', systemIntegratorId: null };
  return (
    <Form record={record} mode="onChange">
      <LumioDialog
        open
        onClose={onClose}
        disableClose={isPending}
        title={translate(store ? `${T}.editTitle` : `${T}.addTitle`)}
        data-testid="store-dialog"
        actions={
          <StoreDialogActions
            store={store}
            onSave={onSave}
            onDelete={onDelete}
            isPending={isPending}
            onClose={onClose}
          />
        }
      >
        {/* No margins of their own (react-admin gives selects 'dense'): the stack spaces them evenly. */}
        <Stack spacing={1} sx={{ pt: 1 }}>
          <TextInput source="name" label="app.companies.storeName" validate={validate.name} fullWidth />
          <TextInput
            source="address"
            label="app.companies.storeAddress"
            validate={validate.address}
            helperText="app.companyManagement.addressHint"
            fullWidth
          />
          <SelectInput
            source="country"
            label="app.companies.storeCountry"
            choices={COUNTRY_CHOICES}
            validate={validate.country}
            margin="none"
            fullWidth
          />
          <SystemIntegratorSelect current={store?.systemIntegrator} />
        </Stack>
      </LumioDialog>
    </Form>
  );
}

function StoreDialogActions({ store, onSave, onDelete, isPending, onClose }: StoreDialogProps) {
  const translate = useTranslate();
  const { handleSubmit } = useFormContext();
  const values = useWatch() as Record<string, unknown>;
  const isDirty = useFormIsDirty();
  const valid = passesRules(STORE_FIELD_RULES, values);
  const save = handleSubmit(async (submitted) => {
    if (await onSave(store, toStoreInput(submitted))) onClose();
  });
  const remove = async () => {
    if (store && onDelete && (await onDelete(store))) onClose();
  };
  return (
    <>
      {store && onDelete ? (
        <Button color="error" onClick={() => void remove()} disabled={isPending} sx={{ mr: 'auto' }}>
          {translate(`${T}.deleteButton`)}
        </Button>
      ) : null}
      <Button onClick={onClose} disabled={isPending}>
        {translate('app.dialog.cancel')}
      </Button>
      <Button
        variant="contained"
        // Enter in a field presses it (LumioDialog is a form).
        type="submit"
        onClick={() => void save()}
        disabled={isPending || !valid || (store !== null && !isDirty)}
        startIcon={isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
      >
        {translate(store ? `${T}.save` : `${T}.add`)}
      </Button>
    </>
  );
}
