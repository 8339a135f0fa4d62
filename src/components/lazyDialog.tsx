import { lazy, Suspense, type ComponentType } from 'react';

/** A dialog component in a chunk of its own, with `preload` to start fetching it before it is opened. */
export type LazyDialog<P extends object> = ComponentType<P> & { preload: () => void };

/**
 * A list's dialogs (forms with react-hook-form, zod, the date picker) in a chunk of their own that
 * arrives on first use, so the list itself stays light (page-weight budgets, bench/README.md). Render
 * it only while open; nothing shows while the chunk arrives (a fraction of a second). `preload`
 * suits a button's onPointerEnter and onFocus. For dialogs only: lazy screens are made with
 * lazyScreen(), which also brings their texts.
 */
export function lazyDialog<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyDialog<P> {
  const Dialog = lazy(load);
  function LazyLoadedDialog(props: P) {
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  }
  return Object.assign(LazyLoadedDialog, {
    preload: () => {
      void load();
    },
  });
}
