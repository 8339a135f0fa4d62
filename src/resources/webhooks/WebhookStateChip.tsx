import Chip from '@mui/material/Chip';
import { useTranslate } from 'react-admin';
import { webhookEndpointState, type WebhookEndpointState } from '../../domain/webhookLabels';
import type { WebhookEndpoint } from '../../domain/webhooks';

/** The frame's colour; the text stays the body colour, readable on white whatever the state (WCAG 1.4.3). */
const FRAMES: Record<WebhookEndpointState, string> = {
  active: 'success.main',
  paused: 'grey.500',
  disabled: 'error.main',
};

/** 'Aktiv', 'Pausiert' or 'Deaktiviert wegen Fehlern' (webhookEndpointState of src/domain/webhooks.ts). */
export function WebhookStateChip({ endpoint }: { endpoint: Pick<WebhookEndpoint, 'active' | 'disabledAt'> }) {
  const translate = useTranslate();
  const state = webhookEndpointState(endpoint);
  return (
    <Chip
      // A span: the phone's card shows it inside the entry's text paragraph.
      component="span"
      size="small"
      variant="outlined"
      label={translate(`app.webhooks.states.${state}`)}
      sx={{ borderColor: FRAMES[state], borderWidth: 2, color: 'text.primary' }}
    />
  );
}
