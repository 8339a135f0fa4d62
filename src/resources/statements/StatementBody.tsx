import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { storeTotals } from '../../domain/statementFormat';
import type { Statement } from '../../domain/statements';
import { T } from './names';
import { StatementCorrections } from './StatementCorrections';
import { StatementTotals } from './StatementTotals';
import { StoreDevices } from './StoreDevices';

type Level = 2 | 3 | 4;

/** A titled part of a statement; `level` is the heading's (2 on a company's page, 3 inside a company's section). */
export function StatementSection({ title, level, children }: { title: string; level: Level; children: ReactNode }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ display: 'grid', gap: 1.5 }}>
      <Typography
        id={headingId}
        component={`h${level}`}
        variant="h2"
        sx={{ fontSize: level === 2 ? '1.25rem' : level === 3 ? '1.1rem' : '1rem', overflowWrap: 'anywhere' }}
      >
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * What a statement lists: per studio its devices, the corrections of earlier months and the totals
 * (per studio and in all, with the usage view's columns: the same numbers as there for the month).
 */
export function StatementBody({ statement, level = 2 }: { statement: Statement; level?: 2 | 3 }) {
  const translate = useTranslate();
  const sub = (level + 1) as Level;
  return (
    // minmax(0, 1fr): as wide as the page, not as the widest table (which scrolls in its own box).
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 3 }}>
      <StatementSection title={translate(`${T}.studios`)} level={level}>
        {statement.stores.length === 0 ? (
          <Typography color="text.secondary">{translate(`${T}.noStores`)}</Typography>
        ) : (
          statement.stores.map((store) => (
            <StatementSection
              key={store.storeId}
              title={translate(`${T}.studio`, { name: store.storeName })}
              level={sub}
            >
              <StoreDevices store={store} />
            </StatementSection>
          ))
        )}
      </StatementSection>
      <StatementSection title={translate(`${T}.corrections`)} level={level}>
        {statement.corrections.length === 0 ? (
          <Typography color="text.secondary">{translate(`${T}.noCorrections`)}</Typography>
        ) : (
          <>
            <Typography color="text.secondary">{translate(`${T}.correctionsIntro`)}</Typography>
            <StatementCorrections corrections={statement.corrections} />
          </>
        )}
      </StatementSection>
      <StatementSection title={translate(`${T}.totals`)} level={level}>
        <StatementTotals
          caption={translate(`${T}.totalsCaption`)}
          labelColumn={`${T}.totalsStore`}
          rows={statement.stores.map((store) => ({
            key: store.storeId,
            labels: [store.storeName],
            counts: storeTotals(store),
          }))}
          totals={statement.totals}
        />
      </StatementSection>
    </Box>
  );
}
