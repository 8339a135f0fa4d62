import { useTranslate } from 'react-admin';
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { errorToGermanText } from '../../domain/errorCatalogue';
import { ConfirmDialog } from './ConfirmDialog';
import { DialogsContext, type ConfirmOptions, type DialogsApi, type SuccessOptions } from './dialogsContext';
import { ErrorDialog } from './ErrorDialog';
import { SuccessDialog } from './SuccessDialog';
import { pickSuccessIconIndex } from './successIcons';

type Request =
  | { id: number; kind: 'error'; text: string; resolve: () => void }
  | { id: number; kind: 'success'; options: SuccessOptions; iconIndex: number; resolve: () => void }
  | { id: number; kind: 'confirm'; options: ConfirmOptions; resolve: (confirmed: boolean) => void };

/**
 * Holds the dialogs opened through useDialogs(). Requests queue up, so an error that arrives while
 * a success dialog is open is shown after it instead of replacing it. Place it inside react-admin's
 * i18n context (i.e. inside <AdminContext>/<Admin>) so the button labels are translated.
 */
export function DialogProvider({ children }: { children: ReactNode }) {
  const translate = useTranslate();
  const [queue, setQueue] = useState<Request[]>([]);
  const nextId = useRef(0);

  const enqueue = useCallback((build: (id: number) => Request) => {
    nextId.current += 1;
    const request = build(nextId.current);
    setQueue((current) => [...current, request]);
  }, []);

  const api = useMemo<DialogsApi>(
    () => ({
      showError: (error) =>
        new Promise<void>((resolve) =>
          enqueue((id) => ({ id, kind: 'error', text: errorToGermanText(error), resolve })),
        ),
      showSuccess: (options = {}) =>
        new Promise<void>((resolve) =>
          enqueue((id) => ({ id, kind: 'success', options, iconIndex: pickSuccessIconIndex(), resolve })),
        ),
      confirm: (options) =>
        new Promise<boolean>((resolve) => enqueue((id) => ({ id, kind: 'confirm', options, resolve }))),
    }),
    [enqueue],
  );

  const current = queue[0];
  const finish = useCallback((request: Request, confirmed: boolean) => {
    setQueue((items) => items.filter((item) => item.id !== request.id));
    if (request.kind === 'confirm') request.resolve(confirmed);
    else request.resolve();
  }, []);

  const text = (value: string | undefined, args?: Record<string, unknown>) =>
    value === undefined ? undefined : translate(value, { ...args, _: value });

  return (
    <DialogsContext.Provider value={api}>
      {children}
      {current?.kind === 'error' ? (
        <ErrorDialog key={current.id} open text={current.text} onClose={() => finish(current, false)} />
      ) : null}
      {current?.kind === 'success' ? (
        <SuccessDialog
          key={current.id}
          open
          iconIndex={current.iconIndex}
          title={text(current.options.title, current.options.messageArgs)}
          text={text(current.options.text, current.options.messageArgs)}
          onClose={() => finish(current, false)}
        />
      ) : null}
      {current?.kind === 'confirm' ? (
        <ConfirmDialog
          key={current.id}
          open
          title={text(current.options.title, current.options.messageArgs) ?? ''}
          content={
            typeof current.options.content === 'string'
              ? text(current.options.content, current.options.messageArgs)
              : current.options.content
          }
          confirmLabel={current.options.confirmLabel}
          cancelLabel={current.options.cancelLabel}
          confirmColor={current.options.confirmColor}
          onConfirm={() => finish(current, true)}
          onClose={() => finish(current, false)}
        />
      ) : null}
    </DialogsContext.Provider>
  );
}
