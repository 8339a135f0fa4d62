/*
 * The two licence levels with a usage panel, as one chunk: LicenseManagement loads it lazily for
 * either. One chunk rather than one per level, because the two share most of their code (the
 * usage panel, the consumption table): split apart, the packages level weighed more than before.
 */
export { PackageLevel } from './PackageLevel';
export { StudioLevel } from './StudioLevel';
