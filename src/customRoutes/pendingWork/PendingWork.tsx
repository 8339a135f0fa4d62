import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'ra-core';
import { useId, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type {
  CompanyDashboard,
  Dashboard,
  IntegratorDashboard,
  OwnAccountDashboard,
  PackageAlerts,
  ProviderDashboard,
  SystemDashboard,
} from '../../domain/dashboard';
import { pendingHref, type PendingTarget } from '../../domain/dashboardLinks';
import type { Self } from '../../domain/self';
import { DayChart } from './DayChart';
import { MonthTable } from './MonthTable';
import { PendingFigure } from './PendingFigure';
import { useDashboardFigures } from './useDashboardFigures';

type Href = (target: PendingTarget) => string | undefined;

const listSx = { listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 } as const;

function FigureList({ children }: { children: ReactNode }) {
  return (
    <Box component="ul" sx={listSx}>
      {children}
    </Box>
  );
}

/** A group's heading (h3 under the section's h2) and its content. */
function Group({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id} sx={{ minWidth: 0 }}>
      <Typography id={id} component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function PackageFigures({ packages, href }: { packages: PackageAlerts; href: string | undefined }) {
  const translate = useTranslate();
  return (
    <>
      <PendingFigure href={href} testId="packages-used-up">
        {translate('app.dashboard.pending.packagesUsedUp', { smart_count: packages.usedUp })}
      </PendingFigure>
      <PendingFigure href={href} testId="packages-low">
        {translate('app.dashboard.pending.packagesLow', { smart_count: packages.low })}
      </PendingFigure>
      <PendingFigure href={href} testId="packages-ending">
        {translate('app.dashboard.pending.packagesEnding', { smart_count: packages.ending })}
      </PendingFigure>
    </>
  );
}

function CompanyFigures({ d, href }: { d: CompanyDashboard; href: Href }) {
  const translate = useTranslate();
  const processesId = useId();
  const licenses = href('licenses');
  return (
    <>
      <FigureList>
        <PendingFigure href={href('pendingEmployees')} testId="pending-employees">
          {translate('app.dashboard.pending.pendingEmployees', { smart_count: d.pendingEmployees })}
        </PendingFigure>
        <PackageFigures packages={d.packages} href={licenses} />
        <PendingFigure href={licenses} testId="licenses-suspended">
          {translate('app.dashboard.pending.licensesSuspended', { smart_count: d.suspendedLicenses })}
        </PendingFigure>
      </FigureList>
      <Box sx={{ minWidth: 0 }}>
        <Typography id={processesId} component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
          {translate('app.dashboard.pending.processes')}
        </Typography>
        <MonthTable thisMonth={d.thisMonth} lastMonth={d.lastMonth} labelledBy={processesId} />
        {licenses ? (
          <Link component={RouterLink} to={licenses} sx={{ display: 'inline-block', mt: 1 }}>
            {translate('app.dashboard.pending.processesLink')}
          </Link>
        ) : null}
      </Box>
    </>
  );
}

function OwnAccountFigures({ d, href }: { d: OwnAccountDashboard; href: Href }) {
  const translate = useTranslate();
  const nothing = !d.eidMissing && !d.eidInReview && !d.approvalMissing;
  return (
    <FigureList>
      {d.eidMissing ? (
        <PendingFigure href={href('verify')} testId="eid-missing">
          {translate('app.dashboard.pending.eidMissing')}
        </PendingFigure>
      ) : null}
      {d.eidInReview ? (
        <PendingFigure href={href('verify')} testId="eid-in-review">
          {translate('app.dashboard.pending.eidInReview')}
        </PendingFigure>
      ) : null}
      {d.approvalMissing ? (
        <PendingFigure href={undefined} testId="approval-missing">
          {translate('app.dashboard.pending.approvalMissing')}
        </PendingFigure>
      ) : null}
      {nothing ? (
        <PendingFigure href={undefined}>{translate('app.dashboard.pending.nothingMissing')}</PendingFigure>
      ) : null}
    </FigureList>
  );
}

function ProviderFigures({ d, href }: { d: ProviderDashboard; href: Href }) {
  const translate = useTranslate();
  return (
    <>
      <FigureList>
        <PendingFigure href={href('openApplications')} testId="open-applications">
          {translate('app.dashboard.pending.openApplications', { smart_count: d.openApplications })}
        </PendingFigure>
        <PendingFigure href={href('eidReviews')} testId="open-eid-reviews">
          {translate('app.dashboard.pending.openEidReviews', { smart_count: d.openEidReviews })}
        </PendingFigure>
        <PendingFigure href={href('companies')} testId="companies-approved">
          {translate('app.dashboard.pending.companiesApproved', { smart_count: d.companiesApprovedThisMonth })}
        </PendingFigure>
      </FigureList>
      <Group title={translate('app.dashboard.pending.chartTitle')}>
        <DayChart days={d.processesPerDay} />
      </Group>
    </>
  );
}

function IntegratorFigures({ d, href }: { d: IntegratorDashboard; href: Href }) {
  const translate = useTranslate();
  const licenses = href('licenses');
  return (
    <>
      <FigureList>
        <PendingFigure href={licenses} testId="licenses-active">
          {translate('app.dashboard.pending.licensesActive', { smart_count: d.activeLicenses })}
        </PendingFigure>
        <PendingFigure href={licenses} testId="licenses-suspended">
          {translate('app.dashboard.pending.licensesSuspended', { smart_count: d.suspendedLicenses })}
        </PendingFigure>
        <PackageFigures packages={d.packages} href={licenses} />
      </FigureList>
      <Group title={translate('app.dashboard.pending.chartTitle')}>
        <DayChart days={d.processesPerDay} />
      </Group>
    </>
  );
}

function SystemFigures({ d, href }: { d: SystemDashboard; href: Href }) {
  const translate = useTranslate();
  return (
    <FigureList>
      <PendingFigure href={href('administration')} testId="administrators">
        {translate('app.dashboard.pending.administrators', { smart_count: d.administrators })}
      </PendingFigure>
      <PendingFigure href={href('systemIntegrators')} testId="system-integrators">
        {translate('app.dashboard.pending.systemIntegrators', { smart_count: d.systemIntegrators })}
      </PendingFigure>
      <PendingFigure
        href={undefined}
        testId="mails-waiting"
        detail={
          d.mailsWaiting > 0
            ? translate('app.dashboard.pending.oldestMail', { smart_count: Math.floor(d.oldestMailAgeSeconds / 60) })
            : undefined
        }
      >
        {translate('app.dashboard.pending.mailsWaiting', { smart_count: d.mailsWaiting })}
      </PendingFigure>
      <PendingFigure href={undefined} testId="failed-jobs">
        {translate('app.dashboard.pending.failedJobs', { smart_count: d.failedJobs24h })}
      </PendingFigure>
    </FigureList>
  );
}

function Figures({ d, href }: { d: Dashboard; href: Href }) {
  switch (d.kind) {
    case 'company':
      return <CompanyFigures d={d} href={href} />;
    case 'ownAccount':
      return <OwnAccountFigures d={d} href={href} />;
    case 'provider':
      return <ProviderFigures d={d} href={href} />;
    case 'integrator':
      return <IntegratorFigures d={d} href={href} />;
    case 'system':
      return <SystemFigures d={d} href={href} />;
  }
}

/**
 * 'Was ansteht' below the dashboard's tiles (issue 25): what needs this user, each figure a link to
 * the screen that handles it. Its own chunk, loaded after the tiles, so they appear as fast as before.
 */
export default function PendingWork({ self }: { self: Self }) {
  const translate = useTranslate();
  const figures = useDashboardFigures();
  const titleId = useId();
  const href: Href = (target) => pendingHref(target, self);
  return (
    <Card component="section" variant="outlined" aria-labelledby={titleId} aria-busy={!figures} sx={{ mt: 3 }}>
      <CardContent>
        <Typography id={titleId} component="h2" variant="h6" gutterBottom>
          {translate('app.dashboard.pending.title')}
        </Typography>
        {figures ? (
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
              gap: 3,
              alignItems: 'start',
            }}
          >
            <Figures d={figures} href={href} />
          </Box>
        ) : (
          <Typography color="text.secondary">{translate('app.dashboard.pending.loading')}</Typography>
        )}
      </CardContent>
    </Card>
  );
}
