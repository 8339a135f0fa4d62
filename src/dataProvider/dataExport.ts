import type { Identifier } from 'ra-core';
import type { DataExportStatus } from '../domain/dataExport';
import type { DownloadedFile, HttpClient } from './http';

/** A person's own data export as the API answers it (GET /self/data-export/{id}). */
export interface DataExport {
  id: string;
  status: DataExportStatus;
  createdAt: string;
  readyAt: string | null;
  expiresAt: string | null;
}

/** 'Meine Daten' on the profile (issue 28, part 3), spread into the data provider. */
export interface DataExportCalls {
  /** POST /self/data-export: asks for the own data; answers the id (of the one in preparation, if any). */
  requestDataExport(): Promise<{ id: string }>;
  /** GET /self/data-export: the own exports, newest first. */
  getDataExports(): Promise<DataExport[]>;
  /** GET /self/data-export/{id}/download: the ZIP and its file name (Content-Disposition). */
  downloadDataExport(id: Identifier): Promise<DownloadedFile>;
}

const BASE = '/self/data-export';

export function dataExportCalls(request: HttpClient): DataExportCalls {
  return {
    requestDataExport() {
      return request<{ id: string }>('POST', BASE);
    },
    getDataExports() {
      return request<DataExport[]>('GET', BASE);
    },
    downloadDataExport(id) {
      return request<DownloadedFile>('GET', `${BASE}/${encodeURIComponent(String(id))}/download`, {
        responseType: 'file',
      });
    },
  };
}
