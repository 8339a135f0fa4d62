import { I18nContext } from 'ra-core';
import { useEffect } from 'react';
import { DialogProvider } from '../../components/dialogs/DialogProvider';
import { useDialogs, type DialogsApi } from '../../components/dialogs/dialogsContext';
import { componentsMessages } from '../../i18n/de/components';
import { createPublicPageI18nProvider } from '../../i18n/public';

/** The dialogs' own texts (Ok, title of the error dialog) travel with them in this lazy chunk. */
const dialogI18nProvider = createPublicPageI18nProvider(componentsMessages);

function Bridge({ onReady }: { onReady: (api: DialogsApi) => void }) {
  const api = useDialogs();
  useEffect(() => onReady(api), [api, onReady]);
  return null;
}

/**
 * The shared dialog family, mounted lazily by LazyDialogProvider; hands its API back up. Callers
 * pass texts already translated.
 */
export default function DialogHost({ onReady }: { onReady: (api: DialogsApi) => void }) {
  return (
    <I18nContext.Provider value={dialogI18nProvider}>
      <DialogProvider>
        <Bridge onReady={onReady} />
      </DialogProvider>
    </I18nContext.Provider>
  );
}
