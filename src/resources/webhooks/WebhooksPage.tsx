import AddIcon from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import ListAlt from '@mui/icons-material/ListAlt';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import {
  FunctionField,
  Loading,
  ResourceContextProvider,
  usePermissions,
  useRecordContext,
  useTranslate,
  type Identifier,
} from 'react-admin';
import { useState } from 'react';
import { lazyDialog } from '../../components/lazyDialog';
import { i18nProvider } from '../../i18n';
import { webhooksMessages } from '../../i18n/de/webhooks';
import { LumioDatagrid, LumioList, OpenRecordButton, type PhoneRow } from '../../components/list';
import type { OneTimeSecretDialogProps } from '../../components/secret/OneTimeSecretDialog';
import { formatDateTime } from '../../domain/dates';
import type { Self } from '../../domain/self';
import { webhookEventLabel } from '../../domain/webhookLabels';
import type { CreatedWebhookEndpoint, WebhookEndpoint } from '../../domain/webhooks';
import { WEBHOOK_ENDPOINTS_RESOURCE } from './names';
import type { WebhookDeliveriesDialogProps } from './WebhookDeliveriesDialog';
import type { WebhookEndpointDialogProps } from './WebhookEndpointDialog';
import { WebhookStateChip } from './WebhookStateChip';
import { useWebhookActions } from './useWebhookActions';

// The screen's texts come with its chunk (lazyScreen waits for this module), not in the areas' chunk.
i18nProvider.addMessages(webhooksMessages);

const T = 'app.webhooks';

/** The form (react-hook-form, zod) and the deliveries: loaded on first open, so the list stays light. */
const WebhookEndpointDialog = lazyDialog<WebhookEndpointDialogProps>(() =>
  import('./WebhookEndpointDialog').then((m) => ({ default: m.WebhookEndpointDialog })),
);
const OneTimeSecretDialog = lazyDialog<OneTimeSecretDialogProps>(() =>
  import('../../components/secret/OneTimeSecretDialog').then((m) => ({ default: m.OneTimeSecretDialog })),
);
const WebhookDeliveriesDialog = lazyDialog<WebhookDeliveriesDialogProps>(() =>
  import('./WebhookDeliveriesDialog').then((m) => ({ default: m.WebhookDeliveriesDialog })),
);

const eventsText = (endpoint: WebhookEndpoint) => endpoint.events.map(webhookEventLabel).join(', ');

/** The form and, for right after it, the secret's dialog. */
const preloadCreate = () => {
  WebhookEndpointDialog.preload();
  OneTimeSecretDialog.preload();
};

type Dialog =
  | { mode: 'closed' }
  | { mode: 'create' }
  | { mode: 'edit'; endpoint: WebhookEndpoint }
  | { mode: 'secret'; created: CreatedWebhookEndpoint }
  | { mode: 'deliveries'; endpoint: WebhookEndpoint };

/**
 * Route webhooks (issue 26, part 4): the SystemIntegratorAdmin's own integrator's webhook
 * endpoints (GET /system-integrator/{id}/webhook-endpoint) with address, events, state and
 * creation time. 'Empfänger hinzufügen' shows the new secret once; a row (or its address) opens
 * the change dialog; each row has its deliveries (with 'Testereignis senden') and deleting, on a
 * phone as well.
 */
export default function WebhooksPage() {
  const translate = useTranslate();
  const { permissions: self } = usePermissions<Self | undefined>();
  if (!self) return <Loading />;
  const systemIntegratorId = self.associatedEntity?.id;
  if (!systemIntegratorId) return <Alert severity="info">{translate(`${T}.noSystemIntegrator`)}</Alert>;
  return <WebhookEndpointList systemIntegratorId={systemIntegratorId} />;
}

function WebhookEndpointList({ systemIntegratorId }: { systemIntegratorId: Identifier }) {
  const translate = useTranslate();
  const [dialog, setDialog] = useState<Dialog>({ mode: 'closed' });
  const { addEndpoint, changeEndpoint, deleteEndpoint, isPending } = useWebhookActions(systemIntegratorId);
  const close = () => setDialog({ mode: 'closed' });
  const openEdit = (endpoint: WebhookEndpoint) => setDialog({ mode: 'edit', endpoint });
  const rowActions = (
    <EndpointActions
      label={`${T}.actions`}
      onDeliveries={(endpoint) => setDialog({ mode: 'deliveries', endpoint })}
      onDelete={deleteEndpoint}
    />
  );
  const phoneRow: PhoneRow = {
    primaryText: (endpoint: WebhookEndpoint) => (
      <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
        {endpoint.url}
      </Box>
    ),
    secondaryText: (endpoint: WebhookEndpoint) => eventsText(endpoint),
    tertiaryText: (endpoint: WebhookEndpoint) => <WebhookStateChip endpoint={endpoint} />,
    actions: rowActions,
  };

  const save: WebhookEndpointDialogProps['onSave'] = async (endpoint, payload, setError) => {
    if (endpoint) return changeEndpoint(endpoint, payload, setError);
    const created = await addEndpoint(payload, setError);
    // The form closes itself only on true; the secret's dialog takes its place.
    if (created) setDialog({ mode: 'secret', created });
    return false;
  };

  return (
    <>
      <Typography color="text.secondary" sx={{ mt: 2 }}>
        {translate(`${T}.intro`)}
      </Typography>
      {/* The filter's systemIntegratorId fills the {systemIntegratorId} of the path, never the query. */}
      <LumioList
        resource={WEBHOOK_ENDPOINTS_RESOURCE}
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
        <LumioDatagrid
          rowClick={(_id, _resource, endpoint) => {
            openEdit(endpoint as WebhookEndpoint);
            return false;
          }}
          phoneRow={phoneRow}
        >
          <FunctionField
            source="url"
            sortable={false}
            render={() => <OpenRecordButton<WebhookEndpoint> source="url" onOpen={openEdit} />}
          />
          <FunctionField source="events" sortable={false} render={eventsText} />
          <FunctionField
            source="state"
            sortable={false}
            render={(endpoint: WebhookEndpoint) => <WebhookStateChip endpoint={endpoint} />}
          />
          <FunctionField
            source="createdAt"
            render={(endpoint: WebhookEndpoint) => formatDateTime(endpoint.createdAt)}
          />
          {rowActions}
        </LumioDatagrid>
      </LumioList>
      {/* The route is no resource of its own: the dialogs' field labels are the endpoints' ones. */}
      <ResourceContextProvider value={WEBHOOK_ENDPOINTS_RESOURCE}>
        {dialog.mode === 'create' || dialog.mode === 'edit' ? (
          <WebhookEndpointDialog
            key={dialog.mode === 'edit' ? dialog.endpoint.id : 'create'}
            endpoint={dialog.mode === 'edit' ? dialog.endpoint : null}
            onSave={save}
            onDelete={deleteEndpoint}
            isPending={isPending}
            onClose={close}
          />
        ) : null}
        {dialog.mode === 'secret' ? (
          <OneTimeSecretDialog
            title={`${T}.secretTitle`}
            intro={`${T}.secretIntro`}
            fields={[{ label: `${T}.secretLabel`, value: dialog.created.secret }]}
            onClose={close}
          />
        ) : null}
        {dialog.mode === 'deliveries' ? (
          <WebhookDeliveriesDialog systemIntegratorId={systemIntegratorId} endpoint={dialog.endpoint} onClose={close} />
        ) : null}
      </ResourceContextProvider>
    </>
  );
}

/** The row's actions: its deliveries and deleting (confirmation first, in useWebhookActions). */
function EndpointActions({
  onDeliveries,
  onDelete,
}: {
  label: string;
  onDeliveries: (endpoint: WebhookEndpoint) => void;
  onDelete: (endpoint: WebhookEndpoint) => Promise<boolean>;
}) {
  const translate = useTranslate();
  const endpoint = useRecordContext<WebhookEndpoint>();
  if (!endpoint) return null;
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
      <Button
        size="small"
        startIcon={<ListAlt fontSize="small" />}
        aria-label={translate(`${T}.deliveriesOf`, { url: endpoint.url })}
        onPointerEnter={WebhookDeliveriesDialog.preload}
        onFocus={WebhookDeliveriesDialog.preload}
        onClick={(event) => {
          // The row's own click would open the change dialog.
          event.stopPropagation();
          onDeliveries(endpoint);
        }}
      >
        {translate(`${T}.deliveries`)}
      </Button>
      <IconButton
        aria-label={translate(`${T}.delete`, { url: endpoint.url })}
        color="error"
        size="small"
        onClick={(event) => {
          event.stopPropagation();
          void onDelete(endpoint);
        }}
      >
        <DeleteOutlined fontSize="small" />
      </IconButton>
    </Box>
  );
}
