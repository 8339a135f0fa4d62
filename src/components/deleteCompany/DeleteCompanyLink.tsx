import Link from '@mui/material/Link';
import { usePermissions, useTranslate } from 'ra-core';
import { useState } from 'react';
import { mayDeleteOwnCompany } from '../../domain/companyDeletion';
import type { Self } from '../../domain/self';
import { DeleteCompanyDialog } from './DeleteCompanyDialog';
import { useDeleteCompany } from './useDeleteCompany';

/**
 * 'Unternehmen löschen' on the profile page (spec "Profile management"): shown only to an owner
 * whose initial registration is unfinished, the one user the server lets delete the company. It
 * opens the dialog deleteCompany; a button in the look of a link, because it opens a dialog
 * rather than another page.
 */
export function DeleteCompanyLink() {
  const translate = useTranslate();
  const { permissions: self } = usePermissions<Self | undefined>();
  const [open, setOpen] = useState(false);
  const { deleteCompany, pending } = useDeleteCompany();
  const companyId = self?.associatedEntity?.id;
  if (!self || !companyId || !mayDeleteOwnCompany(self)) return null;

  return (
    <>
      <Link component="button" type="button" color="error" onClick={() => setOpen(true)}>
        {translate('app.deleteCompany.link')}
      </Link>
      {open ? (
        <DeleteCompanyDialog
          pending={pending}
          onConfirm={() => void deleteCompany(companyId, () => setOpen(false))}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}
