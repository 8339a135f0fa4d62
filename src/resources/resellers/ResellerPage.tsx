import AddIcon from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import {
  Loading,
  ResourceContextProvider,
  usePermissions,
  useRecordContext,
  useTranslate,
  type Identifier,
} from 'react-admin';
import { useState } from 'react';
import { lazyDialog } from '../../components/lazyDialog';
import { LumioDatagrid, LumioList, OpenRecordButton, type PhoneRow } from '../../components/list';
import type { Reseller } from '../../domain/reseller';
import type { Self } from '../../domain/self';
import { RESELLERS_RESOURCE } from './names';
import type { ResellerDialogProps } from './ResellerDialog';
import { useResellerActions } from './useResellerActions';

const T = 'app.resellers';

/** createEditReseller with its form and zod: loaded on first open, so the list stays light. */
const ResellerDialog = lazyDialog<ResellerDialogProps>(() =>
  import('./ResellerDialog').then((m) => ({ default: m.ResellerDialog })),
);

/** On a phone: the name; a tap opens createEditReseller, which can also delete. */
const phoneRow: PhoneRow = { primaryText: (reseller: Reseller) => reseller.name };

/** The dialog state: closed, creating, or renaming one reseller. */
type Dialog = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; reseller: Reseller };

/**
 * Route reseller (spec "Reseller"), the SystemIntegratorAdmin's own system integrator's resellers:
 * a table of names with search, sorting and paging (GET /system-integrator/{id}/reseller),
 * 'Reseller anlegen' and a row click open createEditReseller, the row action deletes after
 * confirmation (deleteReseller).
 */
export default function ResellerPage() {
  const translate = useTranslate();
  const { permissions: self } = usePermissions<Self | undefined>();
  if (!self) return <Loading />;
  const systemIntegratorId = self.associatedEntity?.id;
  if (!systemIntegratorId) return <Alert severity="info">{translate(`${T}.noSystemIntegrator`)}</Alert>;
  return <ResellerList systemIntegratorId={systemIntegratorId} />;
}

function ResellerList({ systemIntegratorId }: { systemIntegratorId: Identifier }) {
  const translate = useTranslate();
  const [dialog, setDialog] = useState<Dialog>({ mode: 'closed' });
  const { saveReseller, deleteReseller, isPending } = useResellerActions(systemIntegratorId);
  const openEdit = (reseller: Reseller) => setDialog({ mode: 'edit', reseller });
  const rowActions = <DeleteResellerButton label={`${T}.actions`} onDelete={deleteReseller} />;

  return (
    <>
      {/* The filter's systemIntegratorId fills the {systemIntegratorId} of the path, never the query. */}
      <LumioList
        resource={RESELLERS_RESOURCE}
        filter={{ systemIntegratorId }}
        actions={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onPointerEnter={ResellerDialog.preload}
            onFocus={ResellerDialog.preload}
            onClick={() => setDialog({ mode: 'create' })}
          >
            {translate(`${T}.create`)}
          </Button>
        }
      >
        <LumioDatagrid
          rowClick={(_id, _resource, reseller) => {
            openEdit(reseller as Reseller);
            return false;
          }}
          phoneRow={{ ...phoneRow, actions: rowActions }}
        >
          <OpenRecordButton<Reseller> source="name" onOpen={openEdit} />
          {rowActions}
        </LumioDatagrid>
      </LumioList>
      {dialog.mode !== 'closed' ? (
        // The route is no resource of its own: the dialog's field labels are the resellers' ones.
        <ResourceContextProvider value={RESELLERS_RESOURCE}>
          <ResellerDialog
            key={dialog.mode === 'edit' ? dialog.reseller.id : 'create'}
            reseller={dialog.mode === 'edit' ? dialog.reseller : null}
            onSave={saveReseller}
            onDelete={deleteReseller}
            isPending={isPending}
            onClose={() => setDialog({ mode: 'closed' })}
          />
        </ResourceContextProvider>
      ) : null}
    </>
  );
}

/** The row action 'delete' (deleteReseller); confirmation first, in useResellerActions. */
function DeleteResellerButton({ onDelete }: { label: string; onDelete: (reseller: Reseller) => Promise<boolean> }) {
  const translate = useTranslate();
  const reseller = useRecordContext<Reseller>();
  if (!reseller) return null;
  return (
    <IconButton
      aria-label={translate(`${T}.delete`, { name: reseller.name })}
      color="error"
      size="small"
      onClick={(event) => {
        // The row's own click would open createEditReseller.
        event.stopPropagation();
        void onDelete(reseller);
      }}
    >
      <DeleteOutlined fontSize="small" />
    </IconButton>
  );
}
