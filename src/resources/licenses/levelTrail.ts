import type { Identifier } from 'react-admin';
import { picksLicenseCompany } from '../../domain/licenseAccess';
import type { Role } from '../../domain/roles';
import type { TrailStep } from './LevelTrail';
import { licenseManagementPath, LICENSE_MANAGEMENT_ROOT } from './names';

type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface TrailNames {
  company: string | undefined;
  studio?: string | undefined;
  licenseKey?: string | undefined;
}

/**
 * Where a level is: 'Lizenzen' (for whoever picks a company first) › company › studio › licence
 * key, as far down as the level goes, each step a link to its level except the last.
 */
export function trailSteps(
  role: Role | undefined,
  ids: { companyId: Identifier; studioId?: Identifier; licenseId?: Identifier },
  names: TrailNames,
  translate: Translate,
): TrailStep[] {
  const steps: TrailStep[] = [];
  if (picksLicenseCompany(role))
    steps.push({ label: translate('app.licenses.trailRoot'), to: LICENSE_MANAGEMENT_ROOT });
  steps.push({
    label: names.company ?? translate('app.licenses.someCompany'),
    to: licenseManagementPath(ids.companyId),
  });
  if (ids.studioId !== undefined) {
    steps.push({
      label: names.studio ?? translate('app.licenses.someStudio'),
      to: licenseManagementPath(ids.companyId, ids.studioId),
    });
  }
  if (ids.studioId !== undefined && ids.licenseId !== undefined) {
    steps.push({
      label: names.licenseKey ?? translate('app.licenses.someLicense'),
      to: licenseManagementPath(ids.companyId, ids.studioId, ids.licenseId),
    });
  }
  return steps;
}

/** The tab title of a level below the companies: 'Studios: Fotostudio Sonnenschein GmbH'. */
export function levelTabTitle(level: string, steps: readonly TrailStep[], translate: Translate): string {
  const where = steps.at(-1)?.label;
  return where ? translate('app.licenses.tabTitle', { level, where }) : level;
}
