import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import { TextField, useTranslate } from 'react-admin';
import { useState } from 'react';
import { useCurrentRole } from '../../components/auth';
import { LumioDatagrid, LumioList, OpenRecordButton, type PhoneRow } from '../../components/list';
import { lazyDialog } from '../../components/lazyDialog';
import type { SystemIntegrator } from '../../domain/systemIntegrator';
import { canManageSystemIntegrators } from '../../domain/systemIntegratorAccess';
import type { SystemIntegratorDialogProps } from './SystemIntegratorDialog';
import { useSystemIntegratorActions } from './useSystemIntegratorActions';

/** createEditSystemIntegrator with its form and zod: loaded on first open, so the list stays light. */
const SystemIntegratorDialog = lazyDialog<SystemIntegratorDialogProps>(() =>
  import('./SystemIntegratorDialog').then((m) => ({ default: m.SystemIntegratorDialog })),
);

/** On a phone: name and Kennung, the two columns of the table. */
const phoneRow: PhoneRow = {
  primaryText: (systemIntegrator: SystemIntegrator) => systemIntegrator.name,
  secondaryText: (systemIntegrator: SystemIntegrator) => systemIntegrator.code,
};

/** The dialog state: closed, creating, or changing one system integrator. */
type Dialog = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; systemIntegrator: SystemIntegrator };

/**
 * Spec "System integrators": table Name, Kennung. Only SystemAdmin gets 'System-Integrator
 * anlegen' and opens a row by click (or its name, by keyboard), both in createEditSystemIntegrator.
 */
export function SystemIntegratorList() {
  const translate = useTranslate();
  const { role } = useCurrentRole();
  const canManage = canManageSystemIntegrators(role);
  const [dialog, setDialog] = useState<Dialog>({ mode: 'closed' });
  const { createSystemIntegrator, updateSystemIntegrator, isPending } = useSystemIntegratorActions();
  const openEdit = (systemIntegrator: SystemIntegrator) => setDialog({ mode: 'edit', systemIntegrator });

  return (
    <>
      <LumioList
        actions={
          canManage ? (
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onPointerEnter={SystemIntegratorDialog.preload}
              onFocus={SystemIntegratorDialog.preload}
              onClick={() => setDialog({ mode: 'create' })}
            >
              {translate('app.systemIntegrators.create')}
            </Button>
          ) : undefined
        }
      >
        <LumioDatagrid
          rowClick={
            canManage
              ? (_id, _resource, systemIntegrator) => {
                  openEdit(systemIntegrator as SystemIntegrator);
                  return false;
                }
              : false
          }
          phoneRow={phoneRow}
        >
          {canManage ? (
            <OpenRecordButton<SystemIntegrator> source="name" onOpen={openEdit} />
          ) : (
            <TextField source="name" />
          )}
          <TextField source="code" />
        </LumioDatagrid>
      </LumioList>
      {dialog.mode !== 'closed' ? (
        <SystemIntegratorDialog
          key={dialog.mode === 'edit' ? dialog.systemIntegrator.id : 'create'}
          systemIntegrator={dialog.mode === 'edit' ? dialog.systemIntegrator : null}
          onCreate={createSystemIntegrator}
          onUpdate={updateSystemIntegrator}
          isPending={isPending}
          onClose={() => setDialog({ mode: 'closed' })}
        />
      ) : null}
    </>
  );
}
