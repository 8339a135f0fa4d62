import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'ra-core';
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useRuntime } from '../../authProvider/runtime';
import { useDialogs } from '../../components/dialogs/dialogsContext';
import type { UploadedFileEntry } from '../../components/upload';
import type { ApplicationField, RegistrationConfirmation } from '../../domain/companyApplication';
import { LANDING_PATH } from '../../domain/routes';
import { DEFAULT_LEGAL_LINKS } from '../../domain/runtimeConfig';
import { PageLoading } from '../../layout/PageLoading';
import { CompanyDataStep } from './CompanyDataStep';
import type { RegistrationForm } from './formFields';
import { PersonalDataStep } from './PersonalDataStep';
import { usePreloadDialogs } from './LazyDialogProvider';
import { usePublicApi } from './publicApiContext';
import { StepProgress } from './StepProgress';
import {
  canRegister,
  EMPTY_REGISTRATION,
  fieldError,
  isStepValid,
  NO_CONFIRMATIONS,
  STEP_COUNT,
  toSubmitPayload,
} from './registrationForm';

const STEP_TITLE_KEYS = [
  'app.registration.steps.personal',
  'app.registration.steps.company',
  'app.registration.steps.documents',
  'app.registration.steps.summary',
] as const;

const SUMMARY_STEP = STEP_COUNT - 1;
const DOCUMENTS_STEP = 2;

/*
 * Steps 3 and 4 (the upload widget with its error texts, the summary) are not part of the page's
 * first download: they load when the visitor first focuses the form, well before Weiter reaches them.
 */
const loadDocumentsStep = () => import('./DocumentsStep');
const loadSummaryStep = () => import('./SummaryStep');
const DocumentsStep = lazy(() => loadDocumentsStep().then((module) => ({ default: module.DocumentsStep })));
const SummaryStep = lazy(() => loadSummaryStep().then((module) => ({ default: module.SummaryStep })));
function preloadLaterSteps() {
  // A failed download shows when the step opens (React.lazy), not here.
  loadDocumentsStep().catch(() => {});
  loadSummaryStep().catch(() => {});
}

/**
 * The four-step linear registration (spec sections 2, 4 and 5). A step is mounted when first
 * reached and stays mounted while hidden, so going back keeps the entries and the upload list. Weiter is enabled only when the
 * step's fields are valid (step 3 also waits for running uploads); Registrieren only when every
 * step and all four confirmations are.
 */
export function RegistrationStepper() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { config } = useRuntime();
  const { submitApplication } = usePublicApi();
  const { showSuccess, showError } = useDialogs();
  const preloadDialogs = usePreloadDialogs();

  const [activeStep, setActiveStep] = useState(0);
  const [furthestStep, setFurthestStep] = useState(0);
  const [values, setValues] = useState(EMPTY_REGISTRATION);
  const [touched, setTouched] = useState<Partial<Record<ApplicationField, boolean>>>({});
  const [documents, setDocuments] = useState<UploadedFileEntry[]>([]);
  const [pendingUploads, setPendingUploads] = useState(0);
  const [confirmations, setConfirmations] = useState(NO_CONFIRMATIONS);
  const [submitting, setSubmitting] = useState(false);
  const headings = useRef<(HTMLHeadingElement | null)[]>([]);
  const stepChanged = useRef(false);

  // After Weiter/Zurück the new step's heading takes the focus, so screen readers follow along.
  useEffect(() => {
    if (stepChanged.current) headings.current[activeStep]?.focus();
  }, [activeStep]);

  // The answer to Registrieren is a dialog: have it ready by then.
  useEffect(() => {
    if (activeStep === SUMMARY_STEP) preloadDialogs();
  }, [activeStep, preloadDialogs]);

  const change = useCallback((field: ApplicationField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
  }, []);
  const touch = useCallback((field: ApplicationField) => {
    setTouched((current) => (current[field] ? current : { ...current, [field]: true }));
  }, []);
  const form: RegistrationForm = {
    values,
    shownError: (field) => (touched[field] ? fieldError(field, values) : null),
    change,
    touch,
  };

  const goTo = (step: number) => {
    stepChanged.current = true;
    setActiveStep(step);
    setFurthestStep((furthest) => Math.max(furthest, step));
  };

  const changeConfirmation = (key: RegistrationConfirmation, checked: boolean) =>
    setConfirmations((current) => ({ ...current, [key]: checked }));

  const register = async () => {
    setSubmitting(true);
    try {
      await submitApplication(
        toSubmitPayload(
          values,
          documents.map((document) => document.id),
        ),
      );
    } catch (error) {
      setSubmitting(false);
      await showError(error);
      return;
    }
    // The button stays disabled until the dialog is closed, so the application is sent once.
    await showSuccess({
      title: translate('app.registration.success.title'),
      text: translate('app.registration.success.text'),
    });
    navigate(LANDING_PATH);
  };

  const nextDisabled = !isStepValid(activeStep, values) || (activeStep === DOCUMENTS_STEP && pendingUploads > 0);
  const registerDisabled = submitting || pendingUploads > 0 || !canRegister(values, confirmations);

  const panels: ReactNode[] = [
    <PersonalDataStep key="personal" form={form} />,
    <CompanyDataStep key="company" form={form} />,
    <DocumentsStep key="documents" form={form} onDocumentsChange={setDocuments} onPendingChange={setPendingUploads} />,
    <SummaryStep
      key="summary"
      values={values}
      documents={documents}
      confirmations={confirmations}
      onConfirmationChange={changeConfirmation}
      legal={config.legal ?? DEFAULT_LEGAL_LINKS}
    />,
  ];

  return (
    <Box onFocus={preloadLaterSteps}>
      <StepProgress titles={STEP_TITLE_KEYS.map((key) => translate(key))} activeStep={activeStep} />

      {panels.map((panel, step) => (
        <Box
          component="section"
          key={STEP_TITLE_KEYS[step]}
          hidden={step !== activeStep}
          aria-labelledby={`registration-step-${step}`}
        >
          <Typography
            component="h2"
            variant="h5"
            id={`registration-step-${step}`}
            tabIndex={-1}
            ref={(element: HTMLHeadingElement | null) => {
              headings.current[step] = element;
            }}
            sx={{ mb: 0.5, outline: 'none' }}
          >
            {translate(STEP_TITLE_KEYS[step])}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
            {translate('app.registration.stepOf', { step: step + 1, total: STEP_COUNT })}
          </Typography>
          {step <= furthestStep ? <Suspense fallback={<PageLoading />}>{panel}</Suspense> : null}
        </Box>
      ))}

      {activeStep === DOCUMENTS_STEP && pendingUploads > 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {translate('app.registration.uploadsPending')}
        </Typography>
      ) : null}

      <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
        {translate('app.registration.requiredNote')}
      </Typography>

      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, mt: 2 }}>
        {activeStep > 0 ? (
          <Button variant="outlined" onClick={() => goTo(activeStep - 1)} disabled={submitting}>
            {translate('app.registration.actions.back')}
          </Button>
        ) : (
          <span />
        )}
        {activeStep < SUMMARY_STEP ? (
          <Button variant="contained" onClick={() => goTo(activeStep + 1)} disabled={nextDisabled}>
            {translate('app.registration.actions.next')}
          </Button>
        ) : (
          <Button
            variant="contained"
            onClick={() => void register()}
            disabled={registerDisabled}
            startIcon={submitting ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {translate('app.registration.actions.register')}
          </Button>
        )}
      </Box>
    </Box>
  );
}
