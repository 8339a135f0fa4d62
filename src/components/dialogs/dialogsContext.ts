import { createContext, useContext, type ReactNode } from 'react';

export interface SuccessOptions {
  /** Translation key or German text; default 'Das hat geklappt!'. */
  title?: string;
  /** Translation key or German text. */
  text?: string;
  /** Polyglot placeholders of title and text, e.g. { name }. */
  messageArgs?: Record<string, unknown>;
}

export interface ConfirmOptions {
  /** Translation key or German text. */
  title: string;
  /** Translation key or German text, or own content. */
  content?: string | ReactNode;
  messageArgs?: Record<string, unknown>;
  confirmLabel?: string;
  cancelLabel?: string;
  confirmColor?: 'primary' | 'error';
}

export interface DialogsApi {
  /**
   * Opens the error dialog for anything a call rejected with (HttpError with the error body,
   * a bare error body, an Error or a string). Resolves when the user pressed Ok.
   */
  showError: (error: unknown) => Promise<void>;
  /** Opens the success dialog; resolves when the user pressed Ok. */
  showSuccess: (options?: SuccessOptions) => Promise<void>;
  /** Asks for confirmation; resolves true on confirm, false on cancel. */
  confirm: (options: ConfirmOptions) => Promise<boolean>;
}

export const DialogsContext = createContext<DialogsApi | null>(null);

/** The shared dialog family; needs a <DialogProvider> above (see DialogProvider). */
export function useDialogs(): DialogsApi {
  const api = useContext(DialogsContext);
  if (!api) throw new Error('useDialogs() needs a <DialogProvider> above it');
  return api;
}
