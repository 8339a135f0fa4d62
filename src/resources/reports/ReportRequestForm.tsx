import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { useState, type FormEvent } from 'react';
import { DatePickerField } from '../../components/datePicker';
import { formatDate, parseGermanDate, todayInGermany } from '../../domain/dates';
import {
  REPORT_VALIDATION_TEXTS as texts,
  reportFormFields,
  reportPeriodError,
  toReportRequest,
  type ReportRef,
  type ReportRequest,
} from '../../domain/reports';
import type { Self } from '../../domain/self';
import { ChoiceField } from './ChoiceField';
import {
  useCompanyOptions,
  useOwnIntegratorOptions,
  useResellerOptions,
  useSystemIntegratorOptions,
} from './useReportOptions';

const T = 'app.reports';

/** A date field's message (null: none): required, a real date (DD.MM.YYYY). */
export function dateTextError(text: string): string | null {
  if (text.trim() === '') return texts.dateRequired;
  return parseGermanDate(text) ? null : texts.dateInvalid;
}

/** The period's message on the end date: its own, else the end before the start or more than 10 years. */
export function endDateError(startText: string, endText: string): string | null {
  const own = dateTextError(endText);
  if (own) return own;
  const start = parseGermanDate(startText);
  return start ? reportPeriodError(start, parseGermanDate(endText)!) : null;
}

export interface ReportRequestFormProps {
  self: Self;
  /** Resolves true when the report was requested. */
  onRequest: (request: ReportRequest) => Promise<boolean>;
  requesting: boolean;
  /** "Today" in Germany, for the end date's default (tests fix it). */
  today?: string;
}

/**
 * The request form of 'Vorgangsauswertung anfordern' (spec sections 2, 5, 6): Datum von and Datum
 * bis (required, the end defaults to today, the shared date picker), and by role the selects of
 * spec section 6 — SystemIntegratorAdmin company and reseller, LumioAdmin system integrator and
 * company, Owner the system integrators serving its studios and an empty placeholder block — and
 * the Post-Paid checkbox for SystemIntegratorAdmin and LumioAdmin. 'Anfordern' sends the request
 * with empty values left out; it is disabled while the dates are not valid.
 */
export function ReportRequestForm({ self, onRequest, requesting, today = todayInGermany() }: ReportRequestFormProps) {
  const translate = useTranslate();
  const fields = reportFormFields(self.role);
  const ownId = self.associatedEntity?.id;
  const [start, setStart] = useState('');
  const [end, setEnd] = useState(formatDate(today));
  const [touched, setTouched] = useState({ start: false, end: false, submit: false });
  const [company, setCompany] = useState<ReportRef | null>(null);
  const [reseller, setReseller] = useState<ReportRef | null>(null);
  const [systemIntegrator, setSystemIntegrator] = useState<ReportRef | null>(null);
  const [postPaidOnly, setPostPaidOnly] = useState(false);

  const companies = useCompanyOptions(fields.company);
  const integrators = useSystemIntegratorOptions(fields.systemIntegrator && self.role !== 'Owner');
  const ownIntegrators = useOwnIntegratorOptions(self.role === 'Owner' ? ownId : undefined);
  const resellers = useResellerOptions(fields.reseller ? ownId : undefined);

  const startError = dateTextError(start);
  const endError = endDateError(start, end);
  const invalid = Boolean(startError || endError);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched((current) => ({ ...current, submit: true }));
    if (invalid || requesting) return;
    await onRequest(
      toReportRequest({
        startDate: parseGermanDate(start)!,
        endDate: parseGermanDate(end)!,
        postPaidOnly: fields.postPaid && postPaidOnly,
        companyId: fields.company ? company?.id : undefined,
        resellerId: fields.reseller ? reseller?.id : undefined,
        systemIntegratorId: fields.systemIntegrator ? systemIntegrator?.id : undefined,
      }),
    );
  };

  const integratorOptions = self.role === 'Owner' ? ownIntegrators : integrators;
  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-label={translate(`${T}.title`)}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate(`${T}.formHint`)}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
        <DatePickerField
          name="startDate"
          label={translate(`${T}.startDate`)}
          value={start}
          onChange={setStart}
          onBlur={() => setTouched((current) => ({ ...current, start: true }))}
          required
          error={touched.start || touched.submit ? startError : null}
        />
        <DatePickerField
          name="endDate"
          label={translate(`${T}.endDate`)}
          value={end}
          onChange={setEnd}
          onBlur={() => setTouched((current) => ({ ...current, end: true }))}
          required
          error={touched.end || touched.submit || parseGermanDate(start) ? endError : null}
        />
        {fields.systemIntegrator ? (
          <ChoiceField
            name="systemIntegratorId"
            label={`${T}.systemIntegrator`}
            placeholder={`${T}.allSystemIntegrators`}
            value={systemIntegrator}
            onChange={setSystemIntegrator}
            {...integratorOptions}
          />
        ) : null}
        {fields.company ? (
          <ChoiceField
            name="companyId"
            label={`${T}.company`}
            placeholder={`${T}.allCompanies`}
            value={company}
            onChange={setCompany}
            {...companies}
          />
        ) : null}
        {fields.reseller ? (
          <ChoiceField
            name="resellerId"
            label={`${T}.reseller`}
            placeholder={`${T}.allResellers`}
            value={reseller}
            onChange={setReseller}
            {...resellers}
          />
        ) : null}
        {/* Spec section 6: a further empty placeholder block is shown for Owner. */}
        {fields.ownerPlaceholder ? <Box data-testid="owner-placeholder" aria-hidden /> : null}
      </Box>
      {fields.postPaid ? (
        <FormControlLabel
          sx={{ mt: 1 }}
          control={
            <Checkbox
              name="postPaidOnly"
              checked={postPaidOnly}
              onChange={(_event, checked) => setPostPaidOnly(checked)}
            />
          }
          label={
            <>
              {translate(`${T}.postPaid`)}{' '}
              <Typography component="span" color="text.secondary">
                ({translate(`${T}.postPaidHint`)})
              </Typography>
            </>
          }
        />
      ) : null}
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mt: 2 }}>
        <Button
          type="submit"
          variant="contained"
          disabled={invalid || requesting}
          startIcon={requesting ? <CircularProgress size={16} color="inherit" /> : null}
        >
          {translate(`${T}.request`)}
        </Button>
        <Typography variant="body2" color="text.secondary">
          {translate(`${T}.requiredNote`)}
        </Typography>
      </Box>
    </Box>
  );
}
