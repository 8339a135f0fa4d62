import {
  createContext,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { DialogsContext, type DialogsApi } from '../../components/dialogs/dialogsContext';

type DialogHostComponent = ComponentType<{ onReady: (api: DialogsApi) => void }>;

const PreloadDialogsContext = createContext<() => void>(() => {});

/** Starts downloading the dialogs ahead of need (a no-op outside LazyDialogProvider). */
export function usePreloadDialogs(): () => void {
  return useContext(PreloadDialogsContext);
}

/**
 * useDialogs() for the public pages without the dialogs in their initial JavaScript: the shared
 * DialogProvider (MUI's modal stack, the error catalogue, the success icons) is downloaded the
 * first time a dialog is needed, or earlier through usePreloadDialogs() (the registration does
 * that when its summary step opens, so the answer to Registrieren never waits for it).
 */
export function LazyDialogProvider({ children }: { children: ReactNode }) {
  const [Host, setHost] = useState<DialogHostComponent | null>(null);
  const loading = useRef<Promise<unknown> | null>(null);
  const dialogs = useRef<DialogsApi | null>(null);
  const waiting = useRef<((api: DialogsApi) => void)[]>([]);

  const load = useCallback(() => {
    loading.current ??= import('./DialogHost').then(
      (module) => setHost(() => module.default),
      (error: unknown) => {
        // A failed download (e.g. offline for a moment) is tried again on the next dialog.
        loading.current = null;
        throw error;
      },
    );
    return loading.current;
  }, []);

  // The host may be ready before anyone asked (preload) or only after the first request.
  const onReady = useCallback((api: DialogsApi) => {
    dialogs.current = api;
    for (const resolve of waiting.current.splice(0)) resolve(api);
  }, []);

  const whenReady = useCallback(async (): Promise<DialogsApi> => {
    if (dialogs.current) return dialogs.current;
    await load();
    return dialogs.current ?? new Promise<DialogsApi>((resolve) => waiting.current.push(resolve));
  }, [load]);

  const preload = useCallback(() => {
    load().catch(() => {});
  }, [load]);

  const api = useMemo<DialogsApi>(
    () => ({
      showError: (error) => whenReady().then((host) => host.showError(error)),
      showSuccess: (options) => whenReady().then((host) => host.showSuccess(options)),
      confirm: (options) => whenReady().then((host) => host.confirm(options)),
    }),
    [whenReady],
  );

  return (
    <PreloadDialogsContext.Provider value={preload}>
      <DialogsContext.Provider value={api}>
        {children}
        {Host ? <Host onReady={onReady} /> : null}
      </DialogsContext.Provider>
    </PreloadDialogsContext.Provider>
  );
}
