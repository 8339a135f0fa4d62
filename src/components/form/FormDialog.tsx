import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { Form, useFormIsDirty, useTranslate, type RaRecord } from 'react-admin';
import { useFormContext, useWatch, type UseFormSetError } from 'react-hook-form';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { LumioDialog } from '../dialogs';

export interface FormDialogProps<S extends z.ZodObject> {
  /** The record to change, or the empty values of a new one. */
  record: object;
  /** Translation key of the title. */
  title: string;
  /** Placeholders of the title (e.g. the person a rejection is about). */
  titleArgs?: Record<string, string>;
  /** Translation key of the save button. */
  saveLabel: string;
  /** The domain payload schema the server checks: save stays disabled while it fails. */
  schema: S;
  /** Changing a record: save also stays disabled while nothing differs from it. */
  editing: boolean;
  /**
   * What the schema checks, from the form's values: by default the schema's fields, empty ones as
   * ''. A form whose values differ from the payload (a German date text, a choice 'none' for null)
   * maps them here.
   */
  toPayload?: (values: Record<string, unknown>) => Record<string, unknown>;
  /**
   * Gets the payload as the schema reads it (trimmed); resolves true when saved, and the dialog
   * closes. `form.setError` shows the server's refusal of a field at that field.
   */
  onSave: (payload: z.infer<S>, form: { setError: UseFormSetError<Record<string, unknown>> }) => Promise<boolean>;
  /**
   * Only when changing: a delete button (translation key `deleteLabel`) left of the others, since a
   * phone shows the list without its row actions. Resolves true when deleted, and the dialog closes.
   */
  onDelete?: () => Promise<boolean>;
  deleteLabel?: string;
  isPending: boolean;
  onClose: () => void;
  /** The inputs. */
  children: ReactNode;
  'data-testid'?: string;
}

/** The form values the payload schema covers; the record also holds the id and read-only fields. */
function payloadOf(values: Record<string, unknown>, schema: z.ZodObject): Record<string, unknown> {
  return Object.fromEntries(Object.keys(schema.shape).map((key) => [key, values[key] ?? '']));
}

/**
 * A create-or-edit dialog of the spec's family (createEditReseller, createEditSystemIntegrator):
 * the inputs in a react-admin form, 'Abbrechen' and the save button. Spec section 5: save is
 * disabled while the form is invalid and, when changing, while nothing differs. Mount it anew for
 * each record (key), so the form starts from that record's values.
 */
export function FormDialog<S extends z.ZodObject>({
  record,
  title,
  titleArgs,
  children,
  isPending,
  onClose,
  'data-testid': testId,
  ...actions
}: FormDialogProps<S>) {
  const translate = useTranslate();
  return (
    // No 'Das Formular ist ungültig' dialog: save is disabled while the form is invalid, and a
    // field the server refused shows its text at the field (onSave's setError).
    <Form record={record as Partial<RaRecord>} mode="onChange" disableInvalidFormNotification>
      <LumioDialog
        open
        onClose={onClose}
        disableClose={isPending}
        title={translate(title, titleArgs)}
        data-testid={testId}
        actions={<FormDialogActions {...actions} isPending={isPending} onClose={onClose} />}
      >
        <Stack spacing={1} sx={{ pt: 1 }}>
          {children}
        </Stack>
      </LumioDialog>
    </Form>
  );
}

type ActionProps<S extends z.ZodObject> = Omit<
  FormDialogProps<S>,
  'record' | 'title' | 'titleArgs' | 'children' | 'data-testid'
>;

function FormDialogActions<S extends z.ZodObject>({
  schema,
  editing,
  saveLabel,
  toPayload,
  onSave,
  onDelete,
  deleteLabel,
  isPending,
  onClose,
}: ActionProps<S>) {
  const translate = useTranslate();
  const { handleSubmit, setError } = useFormContext<Record<string, unknown>>();
  const values = useWatch() as Record<string, unknown>;
  const isDirty = useFormIsDirty();
  const candidate = (formValues: Record<string, unknown>) =>
    toPayload ? toPayload(formValues) : payloadOf(formValues, schema);
  const parsed = schema.safeParse(candidate(values));
  const save = handleSubmit(async (submitted) => {
    const payload = schema.safeParse(candidate(submitted));
    if (payload.success && (await onSave(payload.data, { setError }))) onClose();
  });
  const remove = async () => {
    if (onDelete && (await onDelete())) onClose();
  };
  return (
    <>
      {onDelete && deleteLabel ? (
        <Button color="error" onClick={() => void remove()} disabled={isPending} sx={{ mr: 'auto' }}>
          {translate(deleteLabel)}
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
        disabled={isPending || !parsed.success || (editing && !isDirty)}
        startIcon={isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
      >
        {translate(saveLabel)}
      </Button>
    </>
  );
}
