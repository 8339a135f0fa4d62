import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import {
  FunctionField,
  Labeled,
  LinkBase,
  Loading,
  useNotify,
  useRedirect,
  useShowContext,
  useTranslate,
} from 'react-admin';
import { useEffect, useRef } from 'react';
import { formatDate, formatDateTime } from '../../domain/dates';
import { DetailSection, FieldGrid, ReadOnlyTextFields, ShowOrBackToList } from '../../components/detail';
import { ApplicationAttachments } from './ApplicationAttachments';
import { ApplicationStores } from './ApplicationStores';
import { OPEN_APPLICATIONS_RESOURCE } from './names';
import { REVIEWABLE_STATUS, type CompanyApplication } from './types';
import { useApplicationDecision } from './useApplicationDecision';

const LIST_PATH = `/${OPEN_APPLICATIONS_RESOURCE}`;

/**
 * 'Antrag prüfen' (spec "Open application detail"). A failed load (also 404 'No application
 * found') shows the error dialog and returns to the list, as spec section 8 says.
 */
export function OpenApplicationDetail() {
  return (
    <ShowOrBackToList listResource={OPEN_APPLICATIONS_RESOURCE}>
      <ApplicationReview />
    </ShowOrBackToList>
  );
}

function ApplicationReview() {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const { record: cached } = useShowContext<CompanyApplication>();
  // The list pre-fills react-admin's getOne cache with its row, which has no status (nor most
  // fields): only the full record of GET /company-application/{id} is reviewed and judged.
  const record = cached?.status === undefined ? undefined : cached;
  const { decide, pending, decided } = useApplicationDecision(record);
  // Only open applications are reviewed; one decided meanwhile (by someone else) is not shown.
  const notReviewable = record !== undefined && record.status !== REVIEWABLE_STATUS && !decided;

  // Once only: StrictMode runs effects twice in development, which would show the notice twice.
  const left = useRef(false);
  useEffect(() => {
    if (!notReviewable || left.current) return;
    left.current = true;
    notify('app.openApplications.notOpen', { type: 'info' });
    redirect('list', OPEN_APPLICATIONS_RESOURCE);
  }, [notReviewable, notify, redirect]);

  if (!record || notReviewable) return <Loading />;
  const busy = pending !== null || decided;

  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      <DetailSection title="app.openApplications.applicantSection">
        <FieldGrid>
          <ReadOnlyTextFields sources={['salutation', 'firstName', 'lastName']} />
          <Labeled>
            <FunctionField source="birthDate" render={(application) => formatDate(application.birthDate)} />
          </Labeled>
          <ReadOnlyTextFields sources={['email']} />
        </FieldGrid>
      </DetailSection>

      <DetailSection title="app.openApplications.companySection">
        <FieldGrid>
          <ReadOnlyTextFields
            sources={[
              'companyName',
              'legalForm',
              'address',
              'country',
              'phoneNumber',
              'phoneNumber2',
              'website',
              'memberId',
            ]}
          />
          <Labeled>
            <FunctionField
              source="lastModifiedAt"
              render={(application) => formatDateTime(application.lastModifiedAt)}
            />
          </Labeled>
        </FieldGrid>
      </DetailSection>

      <DetailSection title="app.openApplications.stores">
        <ApplicationStores stores={record.stores ?? []} />
      </DetailSection>

      <DetailSection title="app.openApplications.attachments">
        <ApplicationAttachments documents={record.documents ?? []} />
      </DetailSection>

      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <Button component={LinkBase} to={LIST_PATH} variant="outlined" startIcon={<ArrowBack />}>
          {translate('app.openApplications.back')}
        </Button>
        <Box sx={{ flex: 1 }} />
        <Button
          variant="outlined"
          color="error"
          disabled={busy}
          onClick={() => void decide('Rejected')}
          startIcon={pending === 'Rejected' ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {translate('app.openApplications.reject.button')}
        </Button>
        <Button
          variant="contained"
          disabled={busy}
          onClick={() => void decide('Approved')}
          startIcon={pending === 'Approved' ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {translate('app.openApplications.accept.button')}
        </Button>
      </Box>
    </Box>
  );
}
