import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { Loading, useLocation, usePermissions, useTranslate } from 'react-admin';
import { useEffect, useRef, type ReactNode } from 'react';
import { DetailSection } from '../../components/detail/DetailSection';
import { PENDING_EMPLOYEES_ANCHOR } from '../../domain/navigation';
import type { Self } from '../../domain/self';
import { usePageTitle } from '../../layout/usePageTitle';
import { EmployeeTable } from './EmployeeTable';
import { InviteEmployeeButton } from './InviteEmployeeButton';
import { OpenInvitations } from './OpenInvitations';
import { useEmployeeActions } from './useEmployeeActions';
import { usePendingEmployeeCount } from './usePendingEmployeeCount';

const T = 'app.employees';

/**
 * Route employees, title 'Mitarbeitende' (spec "Employees"): 'Zu prüfende Mitarbeitende' while
 * anyone waits for the company's decision, then 'Alle Mitarbeitenden', both of the signed-in
 * Owner's or AccountAdministrator's own company, and below them 'Offene Einladungen'. The header menu's 'Offene Anträge' links to the
 * pending section (#zu-pruefende-mitarbeitende).
 */
export function EmployeesPage() {
  const translate = useTranslate();
  const title = translate(`${T}.title`);
  usePageTitle(title);
  const { permissions: self } = usePermissions<Self | undefined>();
  const companyId = self?.associatedEntity?.id;

  let content;
  if (!self) content = <Loading />;
  else if (!companyId) content = <Alert severity="info">{translate('app.companyManagement.noCompany')}</Alert>;
  else content = <EmployeeSections companyId={companyId} self={self} />;

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 2 }}>
        <Typography component="h1" variant="h1" sx={{ mb: 2 }}>
          {title}
        </Typography>
        {companyId ? <InviteEmployeeButton /> : null}
      </Box>
      {content}
    </Box>
  );
}

function EmployeeSections({ companyId, self }: { companyId: string; self: Self }) {
  const { run, isPending } = useEmployeeActions(companyId);
  const pendingCount = usePendingEmployeeCount(companyId);
  const onAction = (action: Parameters<typeof run>[0], person: Parameters<typeof run>[1]) => void run(action, person);
  const tableProps = { companyId, viewer: self, onAction, busy: isPending };
  return (
    <>
      {pendingCount ? (
        <PendingSection>
          <EmployeeTable {...tableProps} pendingOnly />
        </PendingSection>
      ) : null}
      <Card sx={{ p: { xs: 2, md: 3 } }}>
        <DetailSection title={`${T}.all`}>
          <EmployeeTable {...tableProps} />
        </DetailSection>
      </Card>
      <OpenInvitations companyId={companyId} />
    </>
  );
}

/** 'Zu prüfende Mitarbeitende', scrolled into view when the address names it (the menu's link). */
function PendingSection({ children }: { children: ReactNode }) {
  const { hash } = useLocation();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (hash === `#${PENDING_EMPLOYEES_ANCHOR}`) ref.current?.scrollIntoView({ block: 'start' });
  }, [hash]);
  return (
    <Card ref={ref} id={PENDING_EMPLOYEES_ANCHOR} sx={{ p: { xs: 2, md: 3 }, mb: 3, scrollMarginTop: 16 }}>
      <DetailSection title={`${T}.pending`}>{children}</DetailSection>
    </Card>
  );
}
