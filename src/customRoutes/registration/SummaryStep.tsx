import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'ra-core';
import type { ChangeEvent, ReactNode } from 'react';
import type { UploadedFileEntry } from '../../components/upload';
import {
  APPLICATION_STEPS,
  REGISTRATION_CONFIRMATIONS,
  type ApplicationField,
  type RegistrationConfirmation,
} from '../../domain/companyApplication';
import type { LegalLinks } from '../../domain/runtimeConfig';
import { formatDate } from '../../domain/dates';
import { birthDateIso, type Confirmations, type RegistrationValues } from './registrationForm';
import { visuallyHidden } from '../../components/visuallyHidden';

const STEP_TITLE_KEYS = ['app.registration.steps.personal', 'app.registration.steps.company'] as const;

interface SummaryStepProps {
  values: RegistrationValues;
  documents: readonly UploadedFileEntry[];
  confirmations: Confirmations;
  onConfirmationChange: (key: RegistrationConfirmation, checked: boolean) => void;
  legal: LegalLinks;
}

/** The entry as it will be sent; the birth date in the usual DD.MM.YYYY however it was typed. */
function displayValue(field: ApplicationField, values: RegistrationValues): string {
  const value = values[field].trim();
  return field === 'birthDate' ? formatDate(birthDateIso(value)) || value : value;
}

function SummaryList({ fields, values }: { fields: readonly ApplicationField[]; values: RegistrationValues }) {
  const translate = useTranslate();
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(160px, 1fr) 2fr' }, gap: 1, m: 0 }}
    >
      {fields.map((field) => (
        <Box key={field} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary">
            {translate(`app.registration.fields.${field}`)}
          </Typography>
          <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {displayValue(field, values) || translate('app.registration.summary.empty')}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** A confirmation whose text links a PDF (privacy statement, terms), opened in a new tab. */
function LinkedLabel({ messageKey, href }: { messageKey: string; href: string }) {
  const translate = useTranslate();
  return (
    <>
      {translate(`${messageKey}.before`)}
      <Link href={href} target="_blank" rel="noopener">
        {translate(`${messageKey}.link`)}
        <Box component="span" sx={visuallyHidden}>
          {` ${translate('app.registration.confirmations.opensInNewTab')}`}
        </Box>
      </Link>
      {translate(`${messageKey}.after`)}
    </>
  );
}

/*
 * The confirmations are native checkboxes in the theme's colour rather than MUI's Checkbox and
 * FormControlLabel: same role, name, required state and keyboard use, about 3 kB less gzipped
 * JavaScript on a page with a 200 kB budget.
 */
const checkboxStyle = {
  flex: 'none',
  width: 18,
  height: 18,
  m: 0,
  // Centres the box on the first line of its label (body1: 24 px line height).
  mt: '3px',
  cursor: 'pointer',
  accentColor: (theme: Theme) => theme.palette.primary.main,
} as const;

/** Step 4: every entry for a last check, the uploaded documents and the four confirmations. */
export function SummaryStep({ values, documents, confirmations, onConfirmationChange, legal }: SummaryStepProps) {
  const translate = useTranslate();
  const labels: Record<RegistrationConfirmation, ReactNode> = {
    dataSecurity: <LinkedLabel messageKey="app.registration.confirmations.dataSecurity" href={legal.privacyUrl} />,
    agb: <LinkedLabel messageKey="app.registration.confirmations.agb" href={legal.termsUrl} />,
    thirdParties: translate('app.registration.confirmations.thirdParties'),
    pilot: translate('app.registration.confirmations.pilot'),
  };
  return (
    <Stack spacing={3}>
      <Typography color="text.secondary">{translate('app.registration.summary.intro')}</Typography>
      {STEP_TITLE_KEYS.map((titleKey, step) => (
        <Box key={titleKey}>
          <Typography component="h3" variant="subtitle1" gutterBottom>
            {translate(titleKey)}
          </Typography>
          <SummaryList fields={APPLICATION_STEPS[step] ?? []} values={values} />
        </Box>
      ))}
      <Box>
        <Typography component="h3" variant="subtitle1" gutterBottom>
          {translate('app.registration.steps.documents')}
        </Typography>
        <SummaryList fields={APPLICATION_STEPS[2] ?? []} values={values} />
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {translate('app.registration.summary.documents')}
        </Typography>
        {documents.length > 0 ? (
          <Box component="ul" sx={{ mt: 0.5, mb: 0, pl: 3 }}>
            {documents.map((document) => (
              <Typography component="li" key={document.id} sx={{ overflowWrap: 'anywhere' }}>
                {document.name}
              </Typography>
            ))}
          </Box>
        ) : (
          <Typography>{translate('app.registration.summary.noDocuments')}</Typography>
        )}
      </Box>
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
        <Typography component="legend" variant="subtitle1" sx={{ mb: 1 }}>
          {translate('app.registration.summary.confirmations')}
        </Typography>
        <Stack spacing={1}>
          {REGISTRATION_CONFIRMATIONS.map((key) => (
            <Box
              component="label"
              key={key}
              sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5, typography: 'body1', cursor: 'pointer' }}
            >
              <Box
                component="input"
                type="checkbox"
                name={key}
                checked={confirmations[key]}
                required
                onChange={(event: ChangeEvent<HTMLInputElement>) => onConfirmationChange(key, event.target.checked)}
                sx={checkboxStyle}
              />
              <span>{labels[key]}</span>
            </Box>
          ))}
        </Stack>
      </Box>
    </Stack>
  );
}
