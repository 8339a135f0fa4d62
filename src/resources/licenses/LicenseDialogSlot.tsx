import { lazy, Suspense } from 'react';
import type { LicenseDialogRequest } from './dialogs/types';

const load = () => import('./dialogs/LicenseDialogs');
const LicenseDialogs = lazy(load);

/**
 * Starts loading the dialogs' chunk (forms, zod, the date picker) before the first click, e.g.
 * when the pointer reaches a button that opens one. The list itself never downloads it.
 */
export function preloadLicenseDialogs(): void {
  void load();
}

/**
 * Where a level's dialog opens: the dialogs (createLicense, updateLicense, createLicensePackage,
 * updateLicensePackage, increaseLicensePackageAmount) come in a chunk of their own on first use,
 * so the lists stay light (bench/README.md). Nothing shows while the chunk arrives.
 */
export function LicenseDialogSlot({ request, onClose }: { request: LicenseDialogRequest | null; onClose: () => void }) {
  if (!request) return null;
  return (
    <Suspense fallback={null}>
      <LicenseDialogs request={request} onClose={onClose} />
    </Suspense>
  );
}
