import ContentCopy from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useNotify, useTranslate } from 'react-admin';
import { useId } from 'react';
import { i18nProvider } from '../../i18n';
import { oneTimeSecretMessages } from '../../i18n/de/oneTimeSecret';
import { LumioDialog } from '../dialogs';

// The dialog's texts come with its chunk (lazyDialog loads it before it opens), not in the areas' chunk.
i18nProvider.addMessages(oneTimeSecretMessages);

const T = 'app.oneTimeSecret';

export interface SecretField {
  /** Translation key of the field's label. */
  label: string;
  value: string;
}

export interface OneTimeSecretDialogProps {
  /** Translation keys of title and introduction. */
  title: string;
  intro: string;
  fields: readonly SecretField[];
  onClose: () => void;
}

/**
 * Shows what a new webhook endpoint or API client needs on the integrator's side, the secret
 * among it, once: the server keeps only its hash (or never answers it again). Each value has a
 * copy button. Only 'Ich habe es gespeichert' closes it (no backdrop click, no Escape), so the
 * secret is not lost by a slip.
 */
export function OneTimeSecretDialog({ title, intro, fields, onClose }: OneTimeSecretDialogProps) {
  const translate = useTranslate();
  return (
    <LumioDialog
      open
      onClose={onClose}
      disableClose
      title={translate(title)}
      data-testid="one-time-secret-dialog"
      actions={
        <Button variant="contained" onClick={onClose}>
          {translate(`${T}.done`)}
        </Button>
      }
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Typography>{translate(intro)}</Typography>
        {fields.map((field) => (
          <CopyableValue key={field.label} {...field} />
        ))}
        <Alert severity="warning">{translate(`${T}.hint`)}</Alert>
      </Stack>
    </LumioDialog>
  );
}

/** A read-only field (selectable by hand as well) with a button that copies its value. */
function CopyableValue({ label, value }: SecretField) {
  const translate = useTranslate();
  const notify = useNotify();
  const inputId = useId();
  const labelText = translate(label);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      notify(translate(`${T}.copied`, { label: labelText }), { type: 'info' });
    } catch {
      // No clipboard (an insecure origin, a refused permission): the text stays selectable.
      (document.getElementById(inputId) as HTMLTextAreaElement | null)?.select();
      notify(translate(`${T}.copyFailed`), { type: 'warning' });
    }
  }

  return (
    <TextField
      id={inputId}
      label={labelText}
      value={value}
      fullWidth
      // Wrapped, so the whole value is in view on a phone as well (no hidden end of a secret).
      multiline
      slotProps={{
        htmlInput: { readOnly: true, spellCheck: false, sx: { fontFamily: 'monospace', wordBreak: 'break-all' } },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={translate(`${T}.copy`, { label: labelText })}
                onClick={() => void copy()}
                edge="end"
              >
                <ContentCopy fontSize="small" />
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
