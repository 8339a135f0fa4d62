import type {
  CreateParams,
  CreateResult,
  DataProvider,
  DeleteManyParams,
  DeleteParams,
  DeleteResult,
  GetListParams,
  GetListResult,
  GetManyParams,
  GetManyReferenceParams,
  GetManyReferenceResult,
  GetManyResult,
  GetOneParams,
  GetOneResult,
  Identifier,
  RaRecord,
  UpdateManyParams,
  UpdateParams,
  UpdateResult,
} from 'ra-core';
import type { Dashboard } from '../domain/dashboard';
import { EID_SESSION_HEADER, type EidBindingDone, type EidBindingStarted } from '../domain/eid';
import type { EidReviewDecided } from '../domain/eidReview';
import type { EidReviewDecisionPayload } from '../domain/eidReviewReason';
import type { AssignableRole, EmployeeDecision } from '../domain/employees';
import type { OpenInvitation } from '../domain/employeeInvitation';
import type { PackageIncreasePayload, PrepaidPackage } from '../domain/licenses';
import type { PagedResult } from '../domain/paging';
import { emailChangeKind, type EmailChangePayload } from '../domain/emailChange';
import type { PersonalDataField } from '../domain/profile';
import type { Self } from '../domain/self';
import type { IdentificationReport, ReportRequest } from '../domain/reports';
import { createHttpClient, type DownloadedFile, type HttpClientOptions } from './http';
import { toListQuery } from './paging';
import { pathParameters, resolvePath, RESOURCE_ROUTES, routeOf, type ResourceRoute } from './resourcePaths';
import { dataExportCalls, type DataExportCalls } from './dataExport';
import { statementCalls, type StatementCalls } from './statements';
import { usageCalls, type UsageCalls } from './usage';
import { webhookCalls, type WebhookCalls } from './webhooks';

export {
  createHttpClient,
  fileNameOf,
  readCookie,
  XSRF_COOKIE,
  XSRF_HEADER,
  type ApiErrorBody,
  type DownloadedFile,
} from './http';
export { toListQuery, toOrderBy } from './paging';
export { RESOURCE_ROUTES, resolvePath, type ResourceRoute } from './resourcePaths';
export type { StatementCalls } from './statements';
export type { DataExport, DataExportCalls } from './dataExport';
export type { CompanyUsageQuery, UsageCalls } from './usage';
export type { QueuedDelivery, WebhookCalls } from './webhooks';

/** Named calls that are not CRUD on a resource (STYLE.md: typed, mocked once, tested once). */
export interface LumioDataProvider extends DataProvider, UsageCalls, WebhookCalls, StatementCalls, DataExportCalls {
  /** GET /self. */
  getSelf(): Promise<Self>;
  /** Number of open company applications: totalItemCount of GET /company-application?pageSize=1. */
  getOpenApplicationCount(): Promise<number>;
  /** PUT /company-application/{id}/status {status}: approves or rejects an open application. */
  decideApplication(id: Identifier, status: ApplicationDecision): Promise<RaRecord>;
  /** GET /document/{id}: the attachment's bytes (the caller saves them under the document's name). */
  downloadDocument(id: Identifier): Promise<Blob>;
  /** GET /company/{id}/owner-activation: has the owner set a password; how the last activation mail fared. */
  getOwnerActivation(companyId: Identifier): Promise<OwnerActivation>;
  /** POST /company/{id}/owner-activation: a new activation mail with a new link; earlier links stop working. */
  resendOwnerActivation(companyId: Identifier): Promise<{ email: string }>;
  /** PUT /company/{companyId}/user/{userId}: a company user's own personal data; answers the new self. */
  updateOwnPersonalData(self: Self, data: Record<PersonalDataField, string>): Promise<Self>;
  /**
   * PUT /company/{companyId}/user/{userId}/email (company users) or PUT /administrator/{id}/email
   * (the admin roles): mails a confirmation link to the new address.
   */
  requestOwnEmailChange(self: Self, payload: EmailChangePayload): Promise<EmailChangeRequested>;
  /** GET /company/{id}/history: the company's audit trail, newest first (Owner and LumioAdmin). */
  getCompanyHistory(companyId: Identifier, page: HistoryPageRequest): Promise<CompanyHistoryPage>;
  /** Number of the company's pending people: totalItemCount of GET /company/{id}/user?toApprove=true&pageSize=1. */
  getPendingEmployeeCount(companyId: Identifier): Promise<number>;
  /** PUT /company/{companyId}/user/{userId}/status {status}: 'Freigeben' or 'Ablehnen'. */
  decideEmployee(companyId: Identifier, userId: Identifier, status: EmployeeDecision): Promise<RaRecord>;
  /** PUT /company/{companyId}/user/{userId}/role {role}: AccountAdministrator or Employee. */
  changeEmployeeRole(companyId: Identifier, userId: Identifier, role: AssignableRole): Promise<RaRecord>;
  /** GET /company/{id}/employee-invitation: the company's open invitations, oldest first. */
  getOpenInvitations(companyId: Identifier): Promise<OpenInvitation[]>;
  /** POST /company/{id}/employee-invitation/{invitationId}/resend: a new link goes out, the old one stops working. */
  resendInvitation(companyId: Identifier, invitationId: Identifier): Promise<{ id: string; email: string }>;
  /** DELETE /company/{id}/employee-invitation/{invitationId}: the invitation's link stops working. */
  withdrawInvitation(companyId: Identifier, invitationId: Identifier): Promise<void>;
  /** GET /company/{companyId}/user/{userId}/history: the person's audit trail, newest first. */
  getEmployeeHistory(companyId: Identifier, userId: Identifier, page: HistoryPageRequest): Promise<CompanyHistoryPage>;
  /** POST /user/eid/bind (empty body): starts the signed-in user's eID binding; the QR code shows its mobile token. */
  startEidBinding(): Promise<EidBindingStarted>;
  /** GET /user/eid/bind with header x-session-id: null while the binding runs (204), its outcome once done (200). */
  checkEidBinding(sessionId: string): Promise<EidBindingDone | null>;
  /** Number of open eID reviews: totalItemCount of GET /eid-review?pageSize=1. */
  getOpenEidReviewCount(): Promise<number>;
  /** GET /dashboard: 'Was ansteht', the caller's figures (their shape depends on the role). */
  getDashboard(): Promise<Dashboard>;
  /** PUT /eid-review/{id}/decision {decision}: confirms or rejects the binding; answers the user's new status. */
  /** 'confirm' alone, or 'reject' with the reviewer's reason. */
  decideEidReview(id: Identifier, payload: EidReviewDecisionPayload): Promise<EidReviewDecided>;
  /** POST /identification-process/reports: requests a report (built in the background); answers it, Pending. */
  requestReport(request: ReportRequest): Promise<IdentificationReport>;
  /** GET /identification-process/reports/{id}: a completed report's ZIP and its file name (Content-Disposition). */
  downloadReport(id: Identifier): Promise<DownloadedFile>;
  /** GET /license/{id}/history: the licence's audit trail, newest first. */
  getLicenseHistory(licenseId: Identifier, page: HistoryPageRequest): Promise<CompanyHistoryPage>;
  /** GET /license/{id}/prepaid-package/{packageId}/history: the package's audit trail, newest first. */
  getPackageHistory(
    licenseId: Identifier,
    packageId: Identifier,
    page: HistoryPageRequest,
  ): Promise<CompanyHistoryPage>;
  /**
   * PUT /license/{id}/prepaid-package/{packageId}/amount/increase {amount} (dialog
   * increaseLicensePackageAmount): the only way a package's amount grows; answers the package.
   */
  increasePackageAmount(
    licenseId: Identifier,
    packageId: Identifier,
    payload: PackageIncreasePayload,
  ): Promise<PrepaidPackage>;
  /**
   * DELETE /user/{id}/second-factor (SystemAdmin, another user): removes the user's authenticator
   * app; a user whose role requires one sets up a new one at the next login.
   */
  resetSecondFactor(userId: Identifier): Promise<void>;
}

export type { EidReviewDecision } from '../domain/eidReview';

/** The answer to an e-mail change request: where the link went and until when it works. */
export interface EmailChangeRequested {
  email: string;
  validUntil: string;
}

export interface HistoryPageRequest {
  pageIndex: number;
  pageSize: number;
}

/** One audit row as GET /company/{id}/history answers it. */
export interface CompanyHistoryEntry {
  id: string;
  /** ISO timestamp. */
  at: string;
  /** Null: the portal itself acted (a job). */
  actor: { name: string; role: string | null } | null;
  /** E.g. 'company.updated', 'store.created'. */
  action: string;
  entityType: string;
  entityId: string;
  /** The studio's or company's recorded name. */
  subject: string | null;
  changes: { field: string; before: unknown; after: unknown }[];
}

export interface CompanyHistoryPage {
  pageIndex: number;
  pageSize: number;
  totalItemCount: number;
  items: CompanyHistoryEntry[];
}

/** Where a company owner's account activation stands (LumioAdmin, company page). */
export interface OwnerActivation {
  pending: boolean;
  email: string | null;
  lastMail: {
    status: 'queued' | 'sent' | 'failed' | 'superseded';
    createdAt: string;
    sentAt: string | null;
    attempts: number;
  } | null;
}

/** The paging of a history: newest first, one page. */
function historyQuery({ pageIndex, pageSize }: HistoryPageRequest): URLSearchParams {
  return new URLSearchParams({ pageIndex: String(pageIndex), pageSize: String(pageSize) });
}

/** The two outcomes of reviewing a company application (spec section 4). */
export type ApplicationDecision = 'Approved' | 'Rejected';

export interface DataProviderOptions extends HttpClientOptions {
  routes?: Record<string, ResourceRoute>;
}

type Values = Record<string, unknown>;

const idPath = (path: string, id: Identifier) => `${path}/${encodeURIComponent(String(id))}`;

/** The body the API accepts: the listed fields, or everything but the id and the path's parent ids. */
function bodyOf(data: Values, fields: readonly string[] | undefined, template: string): Values {
  if (fields) return Object.fromEntries(fields.filter((field) => field in data).map((field) => [field, data[field]]));
  const excluded = new Set(['id', ...pathParameters(template)]);
  return Object.fromEntries(Object.entries(data).filter(([key]) => !excluded.has(key)));
}

/** Records (of a list or one read) whose route names an idField get react-admin's `id` from it. */
function withIds<R extends RaRecord>(items: R[], route: ResourceRoute): R[] {
  const { idField } = route;
  if (!idField) return items;
  return items.map((item) => ({ ...item, id: (item as Values)[idField] as Identifier }));
}

function isRecord(value: unknown): value is RaRecord {
  return typeof value === 'object' && value !== null && 'id' in value;
}

/**
 * ONE data provider for every resource, driven by the path map in resourcePaths.ts. Parent ids of
 * a path template come from `meta` first, then the filter (for lists), then the record.
 */
export function createDataProvider({ routes = RESOURCE_ROUTES, ...http }: DataProviderOptions): LumioDataProvider {
  const request = createHttpClient(http);

  const getOne = async (resource: string, id: Identifier, meta?: Values) => {
    const route = routeOf(resource, routes);
    const path = resolvePath(route.path, meta);
    const [record] = withIds([await request<RaRecord>('GET', idPath(path, id))], route);
    return record;
  };

  const update = async (
    resource: string,
    id: Identifier,
    data: Values,
    previousData: Values | undefined,
    meta?: Values,
  ) => {
    const route = routeOf(resource, routes);
    const path = resolvePath(route.path, meta, previousData, data);
    const answer = await request<unknown>('PUT', idPath(path, id), {
      body: bodyOf(data, route.updateFields, route.path),
    });
    // Some PUTs answer 204; then the record is what was sent on top of what was there.
    return isRecord(answer) ? answer : ({ ...previousData, ...data, id } as RaRecord);
  };

  const remove = async (resource: string, id: Identifier, previousData: Values | undefined, meta?: Values) => {
    const route = routeOf(resource, routes);
    const path = resolvePath(route.path, meta, previousData);
    await request('DELETE', idPath(path, id));
    return (previousData ?? { id }) as RaRecord;
  };

  return {
    async getList<R extends RaRecord>(resource: string, params: GetListParams): Promise<GetListResult<R>> {
      const route = routeOf(resource, routes);
      const path = resolvePath(route.path, params.meta, params.filter);
      const query = toListQuery({ ...params, consumedKeys: pathParameters(route.path) });
      const page = await request<PagedResult<R>>('GET', path, { query });
      return { data: withIds(page.items, route), total: page.totalItemCount };
    },

    async getOne<R extends RaRecord>(resource: string, params: GetOneParams<R>): Promise<GetOneResult<R>> {
      return { data: (await getOne(resource, params.id, params.meta)) as R };
    },

    async getMany<R extends RaRecord>(resource: string, params: GetManyParams<R>): Promise<GetManyResult<R>> {
      // The API has no batch read; one GET per id, in parallel.
      const records = await Promise.all(params.ids.map((id) => getOne(resource, id, params.meta)));
      return { data: records as R[] };
    },

    async getManyReference<R extends RaRecord>(
      resource: string,
      params: GetManyReferenceParams,
    ): Promise<GetManyReferenceResult<R>> {
      const route = routeOf(resource, routes);
      const parent = { [params.target]: params.id };
      const path = resolvePath(route.path, params.meta, parent, params.filter);
      const query = toListQuery({ ...params, consumedKeys: [...pathParameters(route.path), params.target] });
      const page = await request<PagedResult<R>>('GET', path, { query });
      return { data: page.items, total: page.totalItemCount };
    },

    async create<R extends Omit<RaRecord, 'id'>, Result extends RaRecord = R & { id: Identifier }>(
      resource: string,
      params: CreateParams<R>,
    ): Promise<CreateResult<Result>> {
      const route = routeOf(resource, routes);
      const data = params.data as Values;
      const path = resolvePath(route.path, params.meta, data);
      const answer = await request<unknown>('POST', path, { body: bodyOf(data, route.createFields, route.path) });
      const created = isRecord(answer) ? answer : { ...data, ...(answer as Values | undefined) };
      return { data: created as Result };
    },

    async update<R extends RaRecord>(resource: string, params: UpdateParams<R>): Promise<UpdateResult<R>> {
      const record = await update(resource, params.id, params.data as Values, params.previousData, params.meta);
      return { data: record as R };
    },

    async updateMany<R extends RaRecord>(resource: string, params: UpdateManyParams<R>) {
      const records = await Promise.all(
        params.ids.map((id) => update(resource, id, params.data as Values, undefined, params.meta)),
      );
      return { data: records.map((record) => record.id as R['id']) };
    },

    async delete<R extends RaRecord>(resource: string, params: DeleteParams<R>): Promise<DeleteResult<R>> {
      return { data: (await remove(resource, params.id, params.previousData, params.meta)) as R };
    },

    async deleteMany<R extends RaRecord>(resource: string, params: DeleteManyParams<R>) {
      await Promise.all(params.ids.map((id) => remove(resource, id, undefined, params.meta)));
      return { data: params.ids };
    },

    getSelf() {
      return request<Self>('GET', '/self');
    },

    getDashboard() {
      return request<Dashboard>('GET', '/dashboard');
    },

    async getOpenApplicationCount() {
      const page = await request<PagedResult<unknown>>('GET', routeOf('company-applications', routes).path, {
        query: new URLSearchParams({ pageSize: '1' }),
      });
      return page.totalItemCount;
    },

    decideApplication(id, status) {
      const path = `${idPath(routeOf('open-applications', routes).path, id)}/status`;
      return request<RaRecord>('PUT', path, { body: { status } });
    },

    downloadDocument(id) {
      return request<Blob>('GET', idPath(routeOf('documents', routes).path, id), { responseType: 'blob' });
    },

    getOwnerActivation(companyId) {
      return request<OwnerActivation>(
        'GET',
        `${idPath(routeOf('companies', routes).path, companyId)}/owner-activation`,
      );
    },

    resendOwnerActivation(companyId) {
      return request<{ email: string }>(
        'POST',
        `${idPath(routeOf('companies', routes).path, companyId)}/owner-activation`,
      );
    },

    updateOwnPersonalData(self, data) {
      return request<Self>('PUT', ownCompanyUserPath(self), { body: data });
    },

    requestOwnEmailChange(self, payload) {
      const path =
        emailChangeKind(self.role) === 'administrator'
          ? `${idPath(routeOf('administrators', routes).path, self.id)}/email`
          : `${ownCompanyUserPath(self)}/email`;
      return request<EmailChangeRequested>('PUT', path, { body: payload });
    },

    getCompanyHistory(companyId, page) {
      return request<CompanyHistoryPage>('GET', `${idPath(routeOf('companies', routes).path, companyId)}/history`, {
        query: historyQuery(page),
      });
    },

    async getPendingEmployeeCount(companyId) {
      const page = await request<PagedResult<unknown>>('GET', employeesPath(companyId), {
        query: new URLSearchParams({ toApprove: 'true', pageSize: '1' }),
      });
      return page.totalItemCount;
    },

    decideEmployee(companyId, userId, status) {
      return request<RaRecord>('PUT', `${idPath(employeesPath(companyId), userId)}/status`, { body: { status } });
    },

    changeEmployeeRole(companyId, userId, role) {
      return request<RaRecord>('PUT', `${idPath(employeesPath(companyId), userId)}/role`, { body: { role } });
    },

    getOpenInvitations(companyId) {
      return request<OpenInvitation[]>('GET', invitationsPath(companyId));
    },

    resendInvitation(companyId, invitationId) {
      return request<{ id: string; email: string }>(
        'POST',
        `${idPath(invitationsPath(companyId), invitationId)}/resend`,
      );
    },

    async withdrawInvitation(companyId, invitationId) {
      await request('DELETE', idPath(invitationsPath(companyId), invitationId));
    },

    getEmployeeHistory(companyId, userId, page) {
      return request<CompanyHistoryPage>('GET', `${idPath(employeesPath(companyId), userId)}/history`, {
        query: historyQuery(page),
      });
    },

    startEidBinding() {
      return request<EidBindingStarted>('POST', routeOf('eid-binding', routes).path);
    },

    async checkEidBinding(sessionId) {
      // 204 (still running) has no body; any answer with a body is the finished binding.
      const answer = await request<EidBindingDone | undefined>('GET', routeOf('eid-binding', routes).path, {
        headers: { [EID_SESSION_HEADER]: sessionId },
      });
      return answer ?? null;
    },

    async getOpenEidReviewCount() {
      const page = await request<PagedResult<unknown>>('GET', routeOf('verification-check', routes).path, {
        query: new URLSearchParams({ pageSize: '1' }),
      });
      return page.totalItemCount;
    },

    decideEidReview(id, payload) {
      const path = `${idPath(routeOf('verification-check', routes).path, id)}/decision`;
      return request<EidReviewDecided>('PUT', path, { body: payload });
    },

    requestReport(report) {
      return request<IdentificationReport>('POST', routeOf('identification-process-reports', routes).path, {
        body: report,
      });
    },

    downloadReport(id) {
      return request<DownloadedFile>('GET', idPath(routeOf('identification-process-reports', routes).path, id), {
        responseType: 'file',
      });
    },

    getLicenseHistory(licenseId, page) {
      return request<CompanyHistoryPage>('GET', `${idPath(routeOf('licenses', routes).path, licenseId)}/history`, {
        query: historyQuery(page),
      });
    },

    getPackageHistory(licenseId, packageId, page) {
      return request<CompanyHistoryPage>('GET', `${idPath(packagesPath(licenseId), packageId)}/history`, {
        query: historyQuery(page),
      });
    },

    increasePackageAmount(licenseId, packageId, payload) {
      return request<PrepaidPackage>('PUT', `${idPath(packagesPath(licenseId), packageId)}/amount/increase`, {
        body: payload,
      });
    },

    async resetSecondFactor(userId) {
      await request('DELETE', `${idPath('/user', userId)}/second-factor`);
    },

    ...usageCalls(request, routes),
    ...webhookCalls(request, routes),
    ...statementCalls(request, routes),
    ...dataExportCalls(request),
  };

  /** A licence's packages: /license/{licenseId}/prepaid-package. */
  function packagesPath(licenseId: Identifier): string {
    return resolvePath(routeOf('prepaid-packages', routes).path, { licenseId });
  }

  /** The company's people: /company/{companyId}/user. */
  function invitationsPath(companyId: Identifier): string {
    return `${idPath(routeOf('companies', routes).path, companyId)}/employee-invitation`;
  }

  function employeesPath(companyId: Identifier): string {
    return resolvePath(routeOf('employees', routes).path, { companyId });
  }

  /** The signed-in company user's own path: /company/{companyId}/user/{userId}. */
  function ownCompanyUserPath(self: Self): string {
    const path = resolvePath(routeOf('company-users', routes).path, { companyId: self.associatedEntity?.id });
    return idPath(path, self.id);
  }
}
