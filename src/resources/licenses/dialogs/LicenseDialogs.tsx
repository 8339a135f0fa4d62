import { CreateLicenseDialog } from './CreateLicenseDialog';
import { CreatePackageDialog } from './CreatePackageDialog';
import { IncreaseAmountDialog } from './IncreaseAmountDialog';
import type { LicenseDialogRequest } from './types';
import { UpdateLicenseDialog } from './UpdateLicenseDialog';
import { UpdatePackageDialog } from './UpdatePackageDialog';

/**
 * The licence screens' dialogs, one chunk loaded on first use (src/resources/licenses/LicenseDialogSlot.tsx):
 * with them come react-hook-form's forms, zod and the date picker, which the lists do not need.
 */
export default function LicenseDialogs({
  request,
  onOpen,
  onClose,
}: {
  request: LicenseDialogRequest;
  onOpen: (request: LicenseDialogRequest) => void;
  onClose: () => void;
}) {
  switch (request.kind) {
    case 'createLicense':
      return <CreateLicenseDialog {...request} onClose={onClose} />;
    case 'updateLicense':
      return <UpdateLicenseDialog key={request.license.id} license={request.license} onClose={onClose} />;
    case 'createPackage':
      return <CreatePackageDialog licenseId={request.licenseId} onClose={onClose} />;
    case 'updatePackage':
      return (
        <UpdatePackageDialog
          key={request.pkg.id}
          licenseId={request.licenseId}
          pkg={request.pkg}
          onIncrease={() => onOpen({ kind: 'increaseAmount', licenseId: request.licenseId, pkg: request.pkg })}
          onClose={onClose}
        />
      );
    case 'increaseAmount':
      return (
        <IncreaseAmountDialog key={request.pkg.id} licenseId={request.licenseId} pkg={request.pkg} onClose={onClose} />
      );
  }
}
