import Send from '@mui/icons-material/Send';
import Replay from '@mui/icons-material/Replay';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useGetList, useNotify, useTranslate, type Identifier } from 'react-admin';
import { LumioDialog, useDialogs } from '../../components/dialogs';
import { visuallyHidden } from '../../components/visuallyHidden';
import type { LumioDataProvider } from '../../dataProvider';
import { formatDateTime } from '../../domain/dates';
import {
  WEBHOOK_DELIVERIES_KEPT,
  webhookEventLabel,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
  type WebhookEndpoint,
} from '../../domain/webhooks';
import { WEBHOOK_DELIVERIES_RESOURCE } from './names';

const T = 'app.webhooks.delivery';

/** While a delivery waits for its (next) attempt, the list looks again this often. */
const PENDING_REFRESH_MS = 2000;

const FRAMES: Record<WebhookDeliveryStatus, string> = {
  pending: 'info.main',
  delivered: 'success.main',
  failed: 'error.main',
};

export interface WebhookDeliveriesDialogProps {
  systemIntegratorId: Identifier;
  endpoint: WebhookEndpoint;
  onClose: () => void;
}

/**
 * An endpoint's last 100 deliveries (event, time, HTTP status, duration, status) with
 * 'Testereignis senden' and, per delivery, 'Erneut senden'. A table on a wide screen, one card per
 * delivery on a phone. While one is pending the list refreshes itself, so the outcome of a test
 * shows without reloading.
 */
export function WebhookDeliveriesDialog({ systemIntegratorId, endpoint, onClose }: WebhookDeliveriesDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const { showError } = useDialogs();
  const dataProvider = useDataProvider<LumioDataProvider>();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { data, isPending, refetch } = useGetList<WebhookDelivery & { id: Identifier }>(
    WEBHOOK_DELIVERIES_RESOURCE,
    {
      pagination: { page: 1, perPage: WEBHOOK_DELIVERIES_KEPT },
      // 'id': the server's own order, the newest first.
      sort: { field: 'id', order: 'ASC' },
      filter: { systemIntegratorId, endpointId: endpoint.id },
    },
    {
      refetchInterval: (query) =>
        query.state.data?.data.some((delivery) => delivery.status === 'pending') ? PENDING_REFRESH_MS : false,
    },
  );

  const queued = (textKey: string) => () => {
    notify(translate(textKey), { type: 'info' });
    void refetch();
  };
  const sendTest = useMutation({
    mutationFn: () => dataProvider.sendWebhookTest(systemIntegratorId, endpoint.id),
    onSuccess: queued(`${T}.testQueued`),
    onError: (error) => void showError(error),
  });
  const redeliver = useMutation({
    mutationFn: (delivery: WebhookDelivery) =>
      dataProvider.redeliverWebhook(systemIntegratorId, endpoint.id, delivery.id),
    onSuccess: queued(`${T}.redeliverQueued`),
    onError: (error) => void showError(error),
  });

  const deliveries = data ?? [];
  const busy = sendTest.isPending || redeliver.isPending;
  const redeliverButton = (delivery: WebhookDelivery) => (
    <Button
      size="small"
      startIcon={<Replay fontSize="small" />}
      sx={{ whiteSpace: 'nowrap' }}
      disabled={busy}
      aria-label={translate(`${T}.redeliverOf`, {
        event: webhookEventLabel(delivery.eventType),
        time: formatDateTime(delivery.createdAt),
      })}
      onClick={() => redeliver.mutate(delivery)}
    >
      {translate(`${T}.redeliver`)}
    </Button>
  );

  return (
    <LumioDialog
      open
      onClose={onClose}
      title={translate(`${T}.title`, { url: endpoint.url })}
      data-testid="webhook-deliveries-dialog"
      actions={
        <>
          <Button
            variant="outlined"
            startIcon={<Send />}
            disabled={busy}
            onClick={() => sendTest.mutate()}
            sx={{ mr: 'auto' }}
          >
            {translate(`${T}.sendTest`)}
          </Button>
          <Button variant="contained" onClick={onClose}>
            {translate(`${T}.close`)}
          </Button>
        </>
      }
    >
      <Typography color="text.secondary" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
        {translate(`${T}.intro`, { count: WEBHOOK_DELIVERIES_KEPT })}
      </Typography>
      {isPending ? (
        <Typography role="status">{translate(`${T}.loading`)}</Typography>
      ) : deliveries.length === 0 ? (
        <Typography role="status">{translate(`${T}.empty`)}</Typography>
      ) : phone ? (
        <List disablePadding>
          {deliveries.map((delivery) => (
            <ListItem
              key={delivery.id}
              disableGutters
              sx={{ display: 'block', borderBottom: 1, borderColor: 'divider' }}
            >
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
                <Typography sx={{ fontWeight: 500 }}>{webhookEventLabel(delivery.eventType)}</Typography>
                <DeliveryStatus delivery={delivery} />
              </Stack>
              <Typography variant="body2" color="text.secondary">
                {[formatDateTime(delivery.createdAt), httpStatusText(delivery), durationText(delivery, translate)].join(
                  ' · ',
                )}
              </Typography>
              <NextAttempt delivery={delivery} />
              <Box sx={{ mt: 0.5 }}>{redeliverButton(delivery)}</Box>
            </ListItem>
          ))}
        </List>
      ) : (
        <Table
          size="small"
          aria-label={translate(`${T}.title`, { url: endpoint.url })}
          // Six columns in the family's 640 px: narrower cell padding than MUI's 16 px.
          sx={{ '& th, & td': { px: 1 }, '& th:first-of-type, & td:first-of-type': { pl: 0 } }}
        >
          <TableHead>
            <TableRow>
              {(['event', 'time', 'httpStatus', 'duration', 'status'] as const).map((column) => (
                <TableCell key={column}>{translate(`${T}.${column}`)}</TableCell>
              ))}
              <TableCell>
                <Box component="span" sx={visuallyHidden}>
                  {translate('app.webhooks.actions')}
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {deliveries.map((delivery) => (
              <TableRow key={delivery.id}>
                <TableCell>{webhookEventLabel(delivery.eventType)}</TableCell>
                <TableCell>{formatDateTime(delivery.createdAt)}</TableCell>
                <TableCell>{httpStatusText(delivery)}</TableCell>
                <TableCell>{durationText(delivery, translate)}</TableCell>
                <TableCell>
                  <DeliveryStatus delivery={delivery} />
                  <NextAttempt delivery={delivery} />
                </TableCell>
                <TableCell>{redeliverButton(delivery)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </LumioDialog>
  );
}

const httpStatusText = (delivery: WebhookDelivery) =>
  delivery.httpStatus === null ? '–' : String(delivery.httpStatus);

const durationText = (delivery: WebhookDelivery, translate: (key: string, options?: object) => string) =>
  delivery.durationMs === null ? '–' : translate(`${T}.durationMs`, { ms: delivery.durationMs });

function DeliveryStatus({ delivery }: { delivery: WebhookDelivery }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1 }}>
      <Chip
        size="small"
        variant="outlined"
        label={translate(`${T}.states.${delivery.status}`)}
        sx={{ borderColor: FRAMES[delivery.status], borderWidth: 2, color: 'text.primary' }}
      />
      <Typography variant="body2" component="span" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
        {translate(`${T}.attempts`, { smart_count: delivery.attempts })}
      </Typography>
    </Box>
  );
}

function NextAttempt({ delivery }: { delivery: WebhookDelivery }) {
  const translate = useTranslate();
  if (delivery.status !== 'pending' || !delivery.nextAttemptAt) return null;
  return (
    <Typography variant="body2" color="text.secondary">
      {translate(`${T}.nextAttempt`, { time: formatDateTime(delivery.nextAttemptAt) })}
    </Typography>
  );
}
