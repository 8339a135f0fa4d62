import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { LinkBase, useTranslate, type Identifier } from 'react-admin';
import { DetailSection } from '../../components/detail/DetailSection';
import { companyStatementsPath, T } from './names';

/**
 * The section 'Abrechnungen' on a company's page: where a company's statements are reached from
 * ('Firma' for its Owner and AccountAdministrator, companies/{id} for LumioAdmin).
 */
export function StatementsLink({ companyId }: { companyId: Identifier }) {
  const translate = useTranslate();
  return (
    <DetailSection title={`${T}.link.title`}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate(`${T}.link.text`)}
      </Typography>
      {/* No icon: 'Firma' is the page closest to its script budget (bench/README.md). */}
      <Button component={LinkBase} to={companyStatementsPath(companyId)} variant="outlined">
        {translate(`${T}.link.button`)}
      </Button>
    </DetailSection>
  );
}
