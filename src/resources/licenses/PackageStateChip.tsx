import Chip from '@mui/material/Chip';
import { useRecordContext, useTranslate } from 'react-admin';
import type { PackageState, PrepaidPackage } from '../../domain/licenses';

/** The frame's colour; the text stays the body colour, readable on white whatever the state (WCAG 1.4.3). */
const FRAMES: Record<PackageState, string> = {
  valid: 'success.main',
  future: 'info.main',
  usedUp: 'warning.main',
  expired: 'grey.500',
  suspended: 'error.main',
};

export const packageStateText = (state: PackageState) => `app.licenses.packages.states.${state}`;

/**
 * How a package stands today (packageState of src/domain/licenses.ts, as the server computed it
 * for Germany's today): Gültig, Zukünftig, Aufgebraucht, Abgelaufen or Gesperrt. `label` is read
 * by the table header.
 */
export function PackageStateChip(_props: { label?: string; sortable?: boolean }) {
  const translate = useTranslate();
  const pkg = useRecordContext<PrepaidPackage>();
  if (!pkg || !(pkg.state in FRAMES)) return null;
  return (
    <Chip
      size="small"
      variant="outlined"
      label={translate(packageStateText(pkg.state))}
      sx={{ borderColor: FRAMES[pkg.state], borderWidth: 2, color: 'text.primary' }}
    />
  );
}
