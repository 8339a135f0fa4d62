import { lazyDialog } from '../../components/lazyDialog';
import type { LicenseDialogRequest } from './dialogs/types';

/**
 * The dialogs (createLicense, updateLicense, createLicensePackage, updateLicensePackage,
 * increaseLicensePackageAmount) come in a chunk of their own on first use, with the forms, zod
 * and the date picker, so the lists stay light (bench/README.md).
 */
const LicenseDialogs = lazyDialog(() => import('./dialogs/LicenseDialogs'));

/** Starts loading the dialogs' chunk before the first click, e.g. when the pointer reaches a button that opens one. */
export const preloadLicenseDialogs = LicenseDialogs.preload;

export interface LicenseDialogSlotProps {
  request: LicenseDialogRequest | null;
  /** Opens another dialog in its place (updateLicensePackage leads to increaseLicensePackageAmount). */
  onOpen: (request: LicenseDialogRequest) => void;
  onClose: () => void;
}

/** Where a level's dialog opens. */
export function LicenseDialogSlot({ request, onOpen, onClose }: LicenseDialogSlotProps) {
  return request ? <LicenseDialogs request={request} onOpen={onOpen} onClose={onClose} /> : null;
}
