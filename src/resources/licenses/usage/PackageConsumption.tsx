import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { lazy, useId, useState } from 'react';
import { useTranslate, type Identifier } from 'react-admin';
import { formatDate, todayInGermany } from '../../../domain/dates';
import {
  CONSUMPTION_MAX_DAYS,
  type ConsumptionGranularity,
  type PackageConsumption as Consumption,
} from '../../../domain/usage';
import { ConsumptionTable } from './ConsumptionTable';
import { daysInclusive, formatCount } from './format';
import { LazyChart } from './LazyChart';
import { usePackageConsumption } from './useUsage';

const ConsumptionChart = lazy(() => import('./ConsumptionChart'));
const CONSUMPTION_CHART_HEIGHT = 280;
const T = 'app.usage.consumption';

/**
 * One prepaid package's consumption over time (issue 13, part 4): units used per day or week since
 * its start, with what remained after each, as a chart and a table. For the package level of
 * license-management (a row's detail or a dialog): `{ licenseId, packageId }`.
 */
export function PackageConsumption({ licenseId, packageId }: { licenseId: Identifier; packageId: Identifier }) {
  const translate = useTranslate();
  const headingId = useId();
  const [granularity, setGranularity] = useState<ConsumptionGranularity | undefined>();
  const { data, isPending, error } = usePackageConsumption(licenseId, packageId, granularity);

  return (
    // minmax(0, 1fr): as wide as the page, not as the table (which scrolls inside its box on a phone).
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}
    >
      <Typography variant="h6" component="h2" id={headingId}>
        {translate(`${T}.title`)}
      </Typography>
      {isPending ? (
        <CircularProgress size={24} aria-label={translate(`${T}.loading`)} />
      ) : error || !data ? (
        <Alert severity="error">{translate(`${T}.loadFailed`)}</Alert>
      ) : (
        <ConsumptionResult consumption={data} onGranularity={setGranularity} />
      )}
    </Box>
  );
}

function ConsumptionResult({
  consumption,
  onGranularity,
}: {
  consumption: Consumption;
  onGranularity: (granularity: ConsumptionGranularity) => void;
}) {
  const translate = useTranslate();
  const { points, granularity } = consumption;
  const today = todayInGermany();
  const last = consumption.endDate < today ? consumption.endDate : today;
  const dailyAllowed = daysInclusive(consumption.startDate, last) <= CONSUMPTION_MAX_DAYS;
  const active = points.filter((point) => point.used > 0 || point.cancelled > 0);
  const dateLabel = (date: string) =>
    granularity === 'day' ? formatDate(date) : translate(`${T}.weekOf`, { date: formatDate(date) });
  const unit = translate(granularity === 'day' ? `${T}.unitDay` : `${T}.unitWeek`);
  return (
    <>
      <Typography>
        {translate(`${T}.summary`, {
          start: formatDate(consumption.startDate),
          end: formatDate(consumption.endDate),
          amount: formatCount(consumption.amount),
          used: formatCount(consumption.usedAmount),
          remaining: formatCount(consumption.remainingAmount),
        })}
        {' · '}
        {translate(`${T}.states.${consumption.state}`)}
      </Typography>
      {points.length === 0 ? (
        <Typography>{translate(`${T}.notStarted`, { start: formatDate(consumption.startDate) })}</Typography>
      ) : (
        <>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Typography id={`${T}-granularity`}>{translate(`${T}.granularity`)}</Typography>
            <ToggleButtonGroup
              exclusive
              size="small"
              color="primary"
              // MUI's unselected grey (action.active, 54 % black) reads 4.49:1 on the page background
              // #f5f7fa; text.secondary (60 %) passes WCAG's 4.5:1 there and on white.
              sx={{ '& .MuiToggleButton-root:not(.Mui-selected):not(.Mui-disabled)': { color: 'text.secondary' } }}
              value={granularity}
              aria-labelledby={`${T}-granularity`}
              onChange={(_event, value: ConsumptionGranularity | null) => value && onGranularity(value)}
            >
              <ToggleButton value="day" disabled={!dailyAllowed}>
                {translate(`${T}.day`)}
              </ToggleButton>
              <ToggleButton value="week">{translate(`${T}.week`)}</ToggleButton>
            </ToggleButtonGroup>
          </Stack>
          <LazyChart height={CONSUMPTION_CHART_HEIGHT}>
            <ConsumptionChart points={points} granularity={granularity} height={CONSUMPTION_CHART_HEIGHT} />
          </LazyChart>
          <Typography color="text.secondary">{translate(`${T}.cancelledNote`)}</Typography>
          {active.length === 0 ? (
            <Typography>{translate(`${T}.noActivity`)}</Typography>
          ) : (
            <ConsumptionTable
              caption={translate(`${T}.tableTitle`, { unit })}
              dateHeader={translate(granularity === 'day' ? `${T}.columns.day` : `${T}.columns.week`)}
              rows={active.map((point) => ({ ...point, label: dateLabel(point.date) }))}
            />
          )}
        </>
      )}
    </>
  );
}
