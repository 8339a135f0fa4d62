import AddIcon from '@mui/icons-material/Add';
import Block from '@mui/icons-material/Block';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import {
  FunctionField,
  Loading,
  ResourceContextProvider,
  TextField,
  usePermissions,
  useRecordContext,
  useTranslate,
  type Identifier,
} from 'react-admin';
import { useState } from 'react';
import { useRuntime } from '../../authProvider/runtime';
import { lazyDialog } from '../../components/lazyDialog';
import { i18nProvider } from '../../i18n';
import { apiClientsMessages } from '../../i18n/de/apiClients';
import { LumioDatagrid, LumioList, type PhoneRow } from '../../components/list';
import type { OneTimeSecretDialogProps } from '../../components/secret/OneTimeSecretDialog';
import type { ApiClient } from '../../domain/apiClients';
import { formatDateTime } from '../../domain/dates';
import { tokenUrlOf } from '../../domain/runtimeConfig';
import type { Self } from '../../domain/self';
import type { CreateApiClientDialogProps } from './CreateApiClientDialog';
import { API_CLIENTS_RESOURCE } from './names';
import { useApiClientActions, type CreatedApiClient } from './useApiClientActions';

// The screen's texts come with its chunk (lazyScreen waits for this module), not in the areas' chunk.
i18nProvider.addMessages(apiClientsMessages);

const T = 'app.apiClients';

/** The form with zod: loaded on first open, so the list stays light. */
const CreateApiClientDialog = lazyDialog<CreateApiClientDialogProps>(() =>
  import('./CreateApiClientDialog').then((m) => ({ default: m.CreateApiClientDialog })),
);

/** Shown once after creating: its text fields load with it. */
const OneTimeSecretDialog = lazyDialog<OneTimeSecretDialogProps>(() =>
  import('../../components/secret/OneTimeSecretDialog').then((m) => ({ default: m.OneTimeSecretDialog })),
);

/** The form and, for right after it, the secret's dialog. */
const preloadCreate = () => {
  CreateApiClientDialog.preload();
  OneTimeSecretDialog.preload();
};

type Dialog = { mode: 'closed' } | { mode: 'create' } | { mode: 'secret'; created: CreatedApiClient };

/**
 * Route api-clients (issue 26, part 3): the SystemIntegratorAdmin's own integrator's API clients
 * (GET /system-integrator/{id}/api-client) with name, client id, creation and last use.
 * 'API-Zugang anlegen' shows client id, secret (once) and the token address; 'Widerrufen' asks
 * first and ends the client's tokens at once.
 */
export default function ApiClientsPage() {
  const translate = useTranslate();
  const { permissions: self } = usePermissions<Self | undefined>();
  if (!self) return <Loading />;
  const systemIntegratorId = self.associatedEntity?.id;
  if (!systemIntegratorId) return <Alert severity="info">{translate(`${T}.noSystemIntegrator`)}</Alert>;
  return <ApiClientList systemIntegratorId={systemIntegratorId} />;
}

function ApiClientList({ systemIntegratorId }: { systemIntegratorId: Identifier }) {
  const translate = useTranslate();
  const { config } = useRuntime();
  const [dialog, setDialog] = useState<Dialog>({ mode: 'closed' });
  const { createApiClient, revokeApiClient, isPending } = useApiClientActions(systemIntegratorId);
  const close = () => setDialog({ mode: 'closed' });
  const lastUsed = (client: ApiClient) =>
    client.lastUsedAt ? formatDateTime(client.lastUsedAt) : translate(`${T}.neverUsed`);
  const rowActions = <RevokeButton label={`${T}.actions`} onRevoke={revokeApiClient} />;
  const phoneRow: PhoneRow = {
    primaryText: (client: ApiClient) => client.name,
    secondaryText: (client: ApiClient) => client.clientId,
    tertiaryText: (client: ApiClient) =>
      `${translate(`resources.${API_CLIENTS_RESOURCE}.fields.lastUsedAt`)}: ${lastUsed(client)}`,
    actions: rowActions,
  };

  const create: CreateApiClientDialogProps['onCreate'] = async (payload, setError) => {
    const created = await createApiClient(payload, setError);
    // The form closes itself only on true; the secret's dialog takes its place.
    if (created) setDialog({ mode: 'secret', created });
    return false;
  };
  // An address the back office can call from anywhere, also when the configuration names a path.
  const tokenUrl = new URL(tokenUrlOf(config.keycloak), window.location.origin).href;

  return (
    <>
      <Typography color="text.secondary" sx={{ mt: 2 }}>
        {translate(`${T}.intro`)}
      </Typography>
      {/* The filter's systemIntegratorId fills the {systemIntegratorId} of the path, never the query. */}
      <LumioList
        resource={API_CLIENTS_RESOURCE}
        filter={{ systemIntegratorId }}
        searchable={false}
        sort={{ field: 'createdAt', order: 'DESC' }}
        actions={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onPointerEnter={preloadCreate}
            onFocus={preloadCreate}
            onClick={() => setDialog({ mode: 'create' })}
          >
            {translate(`${T}.create`)}
          </Button>
        }
      >
        <LumioDatagrid phoneRow={phoneRow}>
          <TextField source="name" />
          <TextField source="clientId" sortable={false} />
          <FunctionField source="createdAt" render={(client: ApiClient) => formatDateTime(client.createdAt)} />
          <FunctionField source="lastUsedAt" sortable={false} render={lastUsed} />
          {rowActions}
        </LumioDatagrid>
      </LumioList>
      <ResourceContextProvider value={API_CLIENTS_RESOURCE}>
        {dialog.mode === 'create' ? (
          <CreateApiClientDialog onCreate={create} isPending={isPending} onClose={close} />
        ) : null}
        {dialog.mode === 'secret' ? (
          <OneTimeSecretDialog
            title={`${T}.secretTitle`}
            intro={`${T}.secretIntro`}
            fields={[
              { label: `${T}.clientIdLabel`, value: dialog.created.clientId },
              { label: `${T}.secretLabel`, value: dialog.created.clientSecret },
              { label: `${T}.tokenUrlLabel`, value: tokenUrl },
            ]}
            onClose={close}
          />
        ) : null}
      </ResourceContextProvider>
    </>
  );
}

/** The row action 'Widerrufen' (confirmation first, in useApiClientActions). */
function RevokeButton({ onRevoke }: { label: string; onRevoke: (client: ApiClient) => Promise<boolean> }) {
  const translate = useTranslate();
  const client = useRecordContext<ApiClient>();
  if (!client) return null;
  return (
    <Button
      size="small"
      color="error"
      startIcon={<Block fontSize="small" />}
      aria-label={translate(`${T}.revokeOf`, { name: client.name })}
      onClick={() => void onRevoke(client)}
    >
      {translate(`${T}.revoke`)}
    </Button>
  );
}
