import Button from '@mui/material/Button';
import { LinkBase, usePermissions, useTranslate } from 'react-admin';
import type { Role } from '../../domain/roles';
import type { Self } from '../../domain/self';
import { INTEGRATOR_STATEMENTS_ROOT, STATEMENT_EXPORT_PATH } from './names';

const TARGETS = {
  // The integrator's 'Abrechnungen', from its 'Lizenzen' (the companies it serves).
  integrator: { role: 'SystemIntegratorAdmin', to: INTEGRATOR_STATEMENTS_ROOT, label: 'app.statements.link.title' },
  // The LumioAdmin's 'Abrechnungsexport', from 'Firmen'.
  export: { role: 'LumioAdmin', to: STATEMENT_EXPORT_PATH, label: 'app.statements.link.export' },
} as const satisfies Record<string, { role: Role; to: string; label: string }>;

/**
 * A list's button to the statements of issue 27 that are not a company's: shown only to the role
 * they are for (the list itself serves others too). Not a menu entry: the spec's menu stays as it
 * is, and every menu text would load with the public pages.
 */
export function StatementLinkButton({ target }: { target: keyof typeof TARGETS }) {
  const translate = useTranslate();
  const { permissions: self } = usePermissions<Self | undefined>();
  const { role, to, label } = TARGETS[target];
  if (self?.role !== role) return null;
  return (
    <Button component={LinkBase} to={to} variant="outlined">
      {translate(label)}
    </Button>
  );
}
