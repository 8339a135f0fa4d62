import AddIcon from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import {
  FunctionField,
  ReferenceManyField,
  TextField,
  useRecordContext,
  useTranslate,
  type Identifier,
} from 'react-admin';
import { useState, type MouseEvent } from 'react';
import { ListToolbar, LumioDatagrid, LumioPagination, type PhoneRow } from '../../components/list';
import { DEFAULT_PAGE_SIZE } from '../../domain/paging';
import { systemIntegratorLabel } from '../../domain/systemIntegratorLabel';
import { lazyDialog } from '../../components/lazyDialog';
import { STORES_RESOURCE } from './names';
import type { StoreDialogProps } from './StoreDialog';
import type { Store } from './types';
import { useStoreActions } from './useStoreActions';

const T = 'app.stores';

/** addStore / updateStore with their form (react-hook-form): loaded on first open, so the company page stays light. */
const StoreDialog = lazyDialog<StoreDialogProps>(() =>
  import('./StoreDialog').then((m) => ({ default: m.StoreDialog })),
);

/** On a phone: the studio's name, then where it is. */
const phoneRow: PhoneRow = {
  primaryText: (store: Store) => store.name,
  secondaryText: (store: Store) => `${store.address}, ${store.country}`,
};
/** The studio's system integrator as 'name (code)', or nothing. */
const integratorOf = (store: Store) => (store.systemIntegrator ? systemIntegratorLabel(store.systemIntegrator) : '');
const phoneRowWithIntegrator: PhoneRow = { ...phoneRow, tertiaryText: integratorOf };

export interface StoreTableProps {
  companyId: Identifier;
  /** The company's Owner: 'Studio hinzufügen', row click edits, row action deletes. */
  editable?: boolean;
  /** A column 'System-Integrator' with 'name (code)' (the LumioAdmin's company view). */
  showSystemIntegrator?: boolean;
}

/** The dialog state: closed, adding, or changing one studio. */
type Dialog = { mode: 'closed' } | { mode: 'add' } | { mode: 'edit'; store: Store };

/**
 * The studios of a company (spec "Company"): columns Studioname, Adresse, Land, with search,
 * sorting and paging of the shared list (GET /company/{id}/store). For the Owner it is where
 * studios are added (addStore), changed by row click (updateStore) and deleted by row action
 * (deleteStore); everyone else sees it read-only.
 */
export function StoreTable({ companyId, editable = false, showSystemIntegrator = false }: StoreTableProps) {
  const translate = useTranslate();
  const [dialog, setDialog] = useState<Dialog>({ mode: 'closed' });
  const { saveStore, deleteStore, isPending } = useStoreActions(companyId);
  const openEdit = (store: Store) => setDialog({ mode: 'edit', store });
  // The row action, in the table's last column and (issue 25) on each phone card alike.
  const rowActions = editable ? <DeleteStoreButton label={`${T}.actions`} onDelete={deleteStore} /> : null;
  const texts = showSystemIntegrator ? phoneRowWithIntegrator : phoneRow;

  return (
    <>
      {/* target companyId fills the {companyId} of the stores path: /company/{id}/store. */}
      <ReferenceManyField
        reference={STORES_RESOURCE}
        target="companyId"
        record={{ id: companyId }}
        sort={{ field: 'name', order: 'ASC' }}
        perPage={DEFAULT_PAGE_SIZE}
        pagination={<LumioPagination />}
      >
        <ListToolbar
          sx={{ mb: 1 }}
          actions={
            editable ? (
              <Button
                variant="contained"
                startIcon={<AddIcon />}
                onPointerEnter={StoreDialog.preload}
                onFocus={StoreDialog.preload}
                onClick={() => setDialog({ mode: 'add' })}
              >
                {translate(`${T}.add`)}
              </Button>
            ) : null
          }
        />
        <LumioDatagrid
          rowClick={
            editable
              ? (_id, _resource, store) => {
                  openEdit(store as Store);
                  return false;
                }
              : false
          }
          phoneRow={rowActions ? { ...texts, actions: rowActions } : texts}
        >
          {editable ? (
            <StoreNameButton source="name" label="app.companies.storeName" onOpen={openEdit} />
          ) : (
            <TextField source="name" label="app.companies.storeName" />
          )}
          <TextField source="address" label="app.companies.storeAddress" />
          <TextField source="country" label="app.companies.storeCountry" />
          {showSystemIntegrator ? (
            <FunctionField label={`${T}.systemIntegrator`} sortable={false} render={integratorOf} />
          ) : null}
          {rowActions}
        </LumioDatagrid>
      </ReferenceManyField>
      {dialog.mode !== 'closed' ? (
        <StoreDialog
          key={dialog.mode === 'edit' ? dialog.store.id : 'add'}
          store={dialog.mode === 'edit' ? dialog.store : null}
          onSave={saveStore}
          onDelete={deleteStore}
          isPending={isPending}
          onClose={() => setDialog({ mode: 'closed' })}
        />
      ) : null}
    </>
  );
}

const stopRowClick = (event: MouseEvent) => event.stopPropagation();

/**
 * The studio's name as a button, so a keyboard user opens updateStore as a mouse user does by
 * clicking the row. `source` and `label` are read by the table header (column title, sorting).
 */
function StoreNameButton({ onOpen }: { source: string; label: string; onOpen: (store: Store) => void }) {
  const store = useRecordContext<Store>();
  if (!store) return null;
  return (
    <Link
      component="button"
      type="button"
      underline="hover"
      sx={{ textAlign: 'left', font: 'inherit' }}
      onPointerEnter={StoreDialog.preload}
      onFocus={StoreDialog.preload}
      onClick={(event: MouseEvent) => {
        stopRowClick(event);
        onOpen(store);
      }}
    >
      {store.name}
    </Link>
  );
}

/** The row action 'delete' (deleteStore); confirmation first, in useStoreActions. */
function DeleteStoreButton({ onDelete }: { label: string; onDelete: (store: Store) => Promise<boolean> }) {
  const translate = useTranslate();
  const store = useRecordContext<Store>();
  if (!store) return null;
  return (
    <IconButton
      aria-label={translate(`${T}.delete`, { name: store.name })}
      color="error"
      size="small"
      onClick={(event) => {
        stopRowClick(event);
        void onDelete(store);
      }}
    >
      <DeleteOutlined fontSize="small" />
    </IconButton>
  );
}
