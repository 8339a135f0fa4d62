import type { Identifier } from 'react-admin';
import { COMPANIES_RESOURCE } from './names';

/** The query key of a company's history; every change of the company or a studio invalidates it. */
export const companyHistoryKey = (companyId: Identifier) => [COMPANIES_RESOURCE, 'history', String(companyId)];
