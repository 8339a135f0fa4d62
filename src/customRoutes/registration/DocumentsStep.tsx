import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'ra-core';
import { FileUpload, type UploadedFileEntry } from '../../components/upload';
import { FormField, type RegistrationForm } from './formFields';
import { usePublicApi } from './publicApiContext';

interface DocumentsStepProps {
  form: RegistrationForm;
  onDocumentsChange: (entries: UploadedFileEntry[]) => void;
  onPendingChange: (pending: number) => void;
}

/** Step 3: the optional member number and the proof documents (upload widget). */
export function DocumentsStep({ form, onDocumentsChange, onPendingChange }: DocumentsStepProps) {
  const translate = useTranslate();
  const { uploadDocument } = usePublicApi();
  return (
    <Stack spacing={2.5}>
      <FormField form={form} field="memberId" hint={translate('app.registration.hints.memberId')} />
      <Typography component="h3" variant="subtitle1">
        {translate('app.registration.fields.documents')}
      </Typography>
      <Typography color="text.secondary">{translate('app.registration.documentsIntro')}</Typography>
      <FileUpload upload={uploadDocument} onChange={onDocumentsChange} onPendingChange={onPendingChange} />
    </Stack>
  );
}
