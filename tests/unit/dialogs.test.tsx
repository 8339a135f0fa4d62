import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, HttpError, testDataProvider, useNotify } from 'react-admin';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  DialogProvider,
  LumioNotification,
  pickSuccessIconIndex,
  SUCCESS_ICONS,
  useDialogs,
  useErrorDialogOnError,
  type DialogsApi,
} from '../../src/components/dialogs';
import { i18nProvider, loadAreaMessages } from '../../src/i18n';

// The signed-in app loads these texts with the area's first screen (src/components/lazyScreen.ts).
beforeAll(() => loadAreaMessages());

function renderWithDialogs(ui: ReactNode) {
  return render(
    <AdminContext dataProvider={testDataProvider()} i18nProvider={i18nProvider}>
      <DialogProvider>{ui}</DialogProvider>
    </AdminContext>,
  );
}

function Trigger({ run }: { run: (api: DialogsApi) => unknown }) {
  const api = useDialogs();
  return <button onClick={() => run(api)}>Auslösen</button>;
}

const duplicateCode = () =>
  new HttpError('Code already in use', 409, {
    errorCode: 'CONFLICT',
    messages: ['Code already in use'],
    traceId: 'trace-1',
    status: 409,
  });

/** MUI icons render with data-testid "<Name>Icon"; same order as SUCCESS_ICONS. */
const iconNames = [
  'TaskAlt',
  'ThumbUpOutlined',
  'CelebrationOutlined',
  'EmojiEventsOutlined',
  'SentimentVerySatisfiedOutlined',
  'VerifiedOutlined',
  'AutoAwesomeOutlined',
];

// Vitest runs without globals here, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('error dialog', () => {
  it('shows the title and the German catalogue text of an HttpError, and Ok closes it', async () => {
    const user = userEvent.setup();
    let closed = false;
    renderWithDialogs(<Trigger run={(api) => api.showError(duplicateCode()).then(() => (closed = true))} />);

    await user.click(screen.getByRole('button', { name: 'Auslösen' }));

    const dialog = await screen.findByRole('dialog', { name: 'Das war nicht so geplant :/' });
    expect(within(dialog).getByText('Der Code wird bereits verwendet.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(closed).toBe(true);
  });

  it('is 640 px wide', async () => {
    const user = userEvent.setup();
    renderWithDialogs(<Trigger run={(api) => api.showError({ messages: ['Forbidden'] })} />);
    await user.click(screen.getByRole('button', { name: 'Auslösen' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Zugriff verweigert.')).toBeInTheDocument();
    expect(dialog).toHaveStyle({ width: '640px' });
  });

  it('shows queued errors one after the other', async () => {
    const user = userEvent.setup();
    renderWithDialogs(
      <Trigger
        run={(api) => {
          void api.showError({ messages: ['Not found'] });
          void api.showError({ messages: ['Something unexpected'] });
        }}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Auslösen' }));
    expect(await screen.findByText('Nicht gefunden.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    expect(await screen.findByText('Ein technischer Fehler ist aufgetreten.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('opens from a react-admin mutation error through useErrorDialogOnError', async () => {
    const user = userEvent.setup();
    function Failing() {
      const onError = useErrorDialogOnError();
      return (
        <button onClick={() => onError(new HttpError('Forbidden', 403, { messages: ['Forbidden'] }))}>Speichern</button>
      );
    }
    renderWithDialogs(<Failing />);
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByRole('dialog', { name: 'Das war nicht so geplant :/' })).toHaveTextContent(
      'Zugriff verweigert.',
    );
  });

  it('refuses to work without a DialogProvider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Trigger run={() => undefined} />)).toThrow(/DialogProvider/);
  });
});

describe('success dialog', () => {
  it('has seven distinct icons', () => {
    expect(new Set(SUCCESS_ICONS).size).toBe(7);
  });

  it('picks each of the seven icons from the random number', () => {
    const picked = [0, 0.15, 0.29, 0.43, 0.58, 0.72, 0.999].map((value) => pickSuccessIconIndex(() => value));
    expect(picked).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('shows the randomly chosen icon, the default title and the text; Ok closes it', async () => {
    const user = userEvent.setup();
    vi.spyOn(Math, 'random').mockReturnValue(0.5); // index 3 of 7
    renderWithDialogs(<Trigger run={(api) => api.showSuccess({ text: 'Alles gespeichert.' })} />);

    await user.click(screen.getByRole('button', { name: 'Auslösen' }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Das hat geklappt!')).toBeInTheDocument();
    expect(within(dialog).getByText('Alles gespeichert.')).toBeInTheDocument();
    expect(within(dialog).getByTestId(`${iconNames[3]}Icon`)).toBeInTheDocument();
    for (const [index, id] of iconNames.entries()) {
      if (index !== 3) expect(within(dialog).queryByTestId(`${id}Icon`)).not.toBeInTheDocument();
    }
    expect(dialog).toHaveStyle({ width: '640px', height: '370px' });

    await user.click(within(dialog).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('translates title and text keys with their arguments', async () => {
    const user = userEvent.setup();
    renderWithDialogs(
      <Trigger
        run={(api) =>
          api.showSuccess({
            title: 'app.systemIntegrators.createdTitle',
            text: 'app.systemIntegrators.createdText',
            messageArgs: { name: 'FotoSoft GmbH' },
          })
        }
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Auslösen' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Hat geklappt!')).toBeInTheDocument();
    expect(within(dialog).getByText('Der System-Integrator „FotoSoft GmbH“ wurde angelegt.')).toBeInTheDocument();
  });
});

describe('confirm dialog', () => {
  it.each([
    ['Löschen', true],
    ['Abbrechen', false],
  ])('resolves after "%s" with %s', async (button, expected) => {
    const user = userEvent.setup();
    let answer: boolean | undefined;
    renderWithDialogs(
      <Trigger
        run={async (api) => {
          answer = await api.confirm({
            title: 'Reseller löschen',
            content: 'Soll der Reseller wirklich gelöscht werden?',
            confirmLabel: 'Löschen',
            confirmColor: 'error',
          });
        }}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Auslösen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reseller löschen' });
    expect(within(dialog).getByText('Soll der Reseller wirklich gelöscht werden?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: button }));
    await waitFor(() => expect(answer).toBe(expected));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('LumioNotification (global notifier)', () => {
  function Notifier({ message, type }: { message: string; type: 'error' | 'info' }) {
    const notify = useNotify();
    return <button onClick={() => notify(message, { type, messageArgs: { _: 'English fallback' } })}>Melden</button>;
  }

  function renderNotifier(message: string, type: 'error' | 'info') {
    return render(
      <AdminContext dataProvider={testDataProvider()} i18nProvider={i18nProvider}>
        <Notifier message={message} type={type} />
        <LumioNotification />
      </AdminContext>,
    );
  }

  it('opens the error dialog with the catalogue text for a server message', async () => {
    const user = userEvent.setup();
    renderNotifier('Forbidden', 'error');
    await user.click(screen.getByRole('button', { name: 'Melden' }));
    const dialog = await screen.findByRole('dialog', { name: 'Das war nicht so geplant :/' });
    expect(dialog).toHaveTextContent('Zugriff verweigert.');
    await user.click(within(dialog).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('translates react-admin error keys and never shows the English fallback', async () => {
    const user = userEvent.setup();
    renderNotifier('ra.notification.http_error', 'error');
    await user.click(screen.getByRole('button', { name: 'Melden' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(i18nProvider.translate('ra.notification.http_error'));
    expect(dialog).not.toHaveTextContent('English fallback');
  });

  it('shows the technical-error text for unknown error messages', async () => {
    const user = userEvent.setup();
    renderNotifier('Failed to fetch', 'error');
    await user.click(screen.getByRole('button', { name: 'Melden' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Ein technischer Fehler ist aufgetreten.');
  });

  it('leaves other notifications and session messages to the snackbar', async () => {
    const user = userEvent.setup();
    const { unmount } = renderNotifier('app.dialog.successTitle', 'info');
    await user.click(screen.getByRole('button', { name: 'Melden' }));
    expect(await screen.findByText('Das hat geklappt!')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    unmount();

    renderNotifier('ra.notification.logged_out', 'error');
    await user.click(screen.getByRole('button', { name: 'Melden' }));
    expect(await screen.findByText(i18nProvider.translate('ra.notification.logged_out'))).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
