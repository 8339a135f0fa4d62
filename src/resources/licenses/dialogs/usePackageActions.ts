import { useQueryClient } from '@tanstack/react-query';
import { useCreate, useDataProvider, useUpdate } from 'react-admin';
import { useState } from 'react';
import { useDialogs } from '../../../components/dialogs';
import type { LumioDataProvider } from '../../../dataProvider';
import { formatDate } from '../../../domain/dates';
import type {
  PackageCreatePayload,
  PackageIncreasePayload,
  PackageUpdatePayload,
  PrepaidPackage,
} from '../../../domain/licenses';
import { PACKAGE_QUERY_KEYS, PACKAGES_RESOURCE } from '../names';

const T = 'app.licenses.packages';

const isPackage = (value: unknown): value is PrepaidPackage =>
  typeof value === 'object' && value !== null && typeof (value as PrepaidPackage).amount === 'number';

/**
 * The integrator's package changes (spec "Dialogs": createLicensePackage, updateLicensePackage,
 * increaseLicensePackageAmount): the call, then the success dialog of spec section 8 ('Hat
 * geklappt!', 'Vorgangspaket geändert', 'Anzahl der Vorgänge wurden erhöht.') or the shared error
 * dialog, and a fresh list. Each resolves true when the change was made.
 */
export function usePackageActions(licenseId: string) {
  const [create, { isPending: creating }] = useCreate();
  const [update, { isPending: updating }] = useUpdate();
  const [increasing, setIncreasing] = useState(false);
  const dataProvider = useDataProvider<LumioDataProvider>();
  const queryClient = useQueryClient();
  const { showError, showSuccess } = useDialogs();
  const meta = { licenseId };
  const refresh = () =>
    Promise.all(PACKAGE_QUERY_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey: [...queryKey] })));
  const period = (dates: { startDate: string; endDate: string }) => ({
    start: formatDate(dates.startDate),
    end: formatDate(dates.endDate),
  });

  async function createPackage(payload: PackageCreatePayload): Promise<boolean> {
    try {
      await create(PACKAGES_RESOURCE, { data: payload, meta }, { returnPromise: true });
    } catch (error) {
      void showError(error);
      return false;
    }
    void refresh();
    void showSuccess({
      title: `${T}.createdTitle`,
      text: `${T}.createdText`,
      messageArgs: { amount: payload.amount.toLocaleString('de-DE'), ...period(payload) },
    });
    return true;
  }

  async function updatePackage(pkg: PrepaidPackage, payload: PackageUpdatePayload): Promise<boolean> {
    try {
      await update(
        PACKAGES_RESOURCE,
        { id: pkg.id, data: payload, previousData: pkg, meta },
        { mutationMode: 'pessimistic', returnPromise: true },
      );
    } catch (error) {
      void showError(error);
      return false;
    }
    void refresh();
    void showSuccess({ title: `${T}.updatedTitle`, text: `${T}.updatedText`, messageArgs: period(payload) });
    return true;
  }

  async function increaseAmount(pkg: PrepaidPackage, payload: PackageIncreasePayload): Promise<boolean> {
    setIncreasing(true);
    let answer: unknown;
    try {
      answer = await dataProvider.increasePackageAmount(licenseId, pkg.id, payload);
    } catch (error) {
      void showError(error);
      return false;
    } finally {
      setIncreasing(false);
    }
    void refresh();
    const amount = isPackage(answer) ? answer.amount : pkg.amount + payload.amount;
    void showSuccess({
      title: `${T}.increasedTitle`,
      text: `${T}.increasedText`,
      messageArgs: { amount: amount.toLocaleString('de-DE') },
    });
    return true;
  }

  return { createPackage, updatePackage, increaseAmount, isPending: creating || updating || increasing };
}
